// A user's platform content (decision 065): saved searches, watchlists, dashboards, and the copy.
// Every read names a user the session may see (deleted ones only with deleted_user); the copy
// needs edit_user and, for saved searches and watchlists, the administrator feature of the kind.
import type { Context } from 'hono';
import {
  ApSavedSearchesQuery,
  CONTENT_MESSAGES,
  COPY_FEATURES,
  CopyContentForm,
  DashboardSettingsForm,
  SavedSearchesQuery,
  UserContentForm,
  type ApSavedSearchesReply,
  type DashboardSettingsReply,
  type DashboardsReply,
  type SavedSearchesReply,
  type WatchlistNamesReply,
  type WatchlistsReply,
} from '../../src/domain/user-content';
import { forbidden, noFeatureRefusal, refuseFields } from '../http/replies';
import { visibleUser } from '../users/records';
import { defineRoute, type Route } from '../routes';
import { copyContent, previewCopy, resolveTargets, sourceItems } from '../user-content/copy';
import {
  apSavedSearchPage,
  countOf,
  dashboardOf,
  decodeCursor,
  oneDashboard,
  savedSearchPage,
  sharedWatchlists,
  userItems,
  watchlistOf,
} from '../user-content/records';

const READ = 'user_mgmt';

const noUser = (c: Context, id: number, field = 'user_id') =>
  refuseFields(c, CONTENT_MESSAGES.noUser(id), { [field]: CONTENT_MESSAGES.noUser(id) });
const badCursor = (c: Context) =>
  refuseFields(c, 'The page cursor is not one this list gave.', {
    cursor: 'The page cursor is not one this list gave.',
  });

const savedSearches = defineRoute({
  method: 'GET',
  path: '/user/fetch_saved_searches/',
  access: READ,
  schema: SavedSearchesQuery,
  summary:
    "One user's saved searches by name, 100 a page (user_id, cursor: the previous page's next), with their sources, alert and last use, and how many they hold.",
  async handler({ c, deps, input, session }) {
    if (!(await visibleUser(deps.db, input.user_id, session.grants.features))) return noUser(c, input.user_id);
    const after = decodeCursor(input.cursor);
    if (after === 'bad') return badCursor(c);
    const reply: SavedSearchesReply = { status: true, ...(await savedSearchPage(deps.db, input.user_id, after)) };
    return c.json(reply);
  },
});

const apSavedSearches = defineRoute({
  method: 'GET',
  path: '/user/fetch_ap_saved_searches/',
  access: READ,
  schema: ApSavedSearchesQuery,
  summary:
    "Every live user's saved searches whose name starts with query (case and spacing ignored), by name, 50 a page (cursor), each with its owner.",
  async handler({ c, deps, input }) {
    const after = decodeCursor(input.cursor);
    if (after === 'bad') return badCursor(c);
    const reply: ApSavedSearchesReply = { status: true, ...(await apSavedSearchPage(deps.db, input.query, after)) };
    return c.json(reply);
  },
});

const watchlistNames = defineRoute({
  method: 'POST',
  path: '/user/get_watchlist_name/',
  access: READ,
  summary:
    'The shared watchlists: those of users holding the watchlist administrator privilege, by name (at most 200), with size and owner.',
  async handler({ c, deps }) {
    const reply: WatchlistNamesReply = { status: true, watchlists: await sharedWatchlists(deps.db) };
    return c.json(reply);
  },
});

const watchlists = defineRoute({
  method: 'POST',
  path: '/user/graph/fetch_users_watchlist_data_ap/',
  access: READ,
  schema: UserContentForm,
  summary: "One user's watchlists by name (user_id): name, size and the first 20 tickers.",
  async handler({ c, deps, input, session }) {
    if (!(await visibleUser(deps.db, input.user_id, session.grants.features))) return noUser(c, input.user_id);
    const items = (await userItems(deps.db, input.user_id, 'watchlist')).map(watchlistOf);
    const reply: WatchlistsReply = { status: true, items, total: await countOf(deps.db, input.user_id, 'watchlist') };
    return c.json(reply);
  },
});

const dashboards = defineRoute({
  method: 'POST',
  path: '/user/graph/get_dashboard_template_ap/',
  access: READ,
  schema: UserContentForm,
  summary: "One user's dashboards by name (user_id): name, template and widget count.",
  async handler({ c, deps, input, session }) {
    if (!(await visibleUser(deps.db, input.user_id, session.grants.features))) return noUser(c, input.user_id);
    const items = (await userItems(deps.db, input.user_id, 'dashboard')).map((r) => dashboardOf(r).item);
    const reply: DashboardsReply = { status: true, items, total: await countOf(deps.db, input.user_id, 'dashboard') };
    return c.json(reply);
  },
});

const dashboardSettings = defineRoute({
  method: 'POST',
  path: '/user/graph/get_dashboard_settings_ap/',
  access: READ,
  schema: DashboardSettingsForm,
  summary: "One of a user's dashboards with its settings (user_id, dashboard_id); another user's dashboard is refused.",
  async handler({ c, deps, input, session }) {
    if (!(await visibleUser(deps.db, input.user_id, session.grants.features))) return noUser(c, input.user_id);
    const found = await oneDashboard(deps.db, input.user_id, input.dashboard_id);
    if (!found)
      return refuseFields(c, CONTENT_MESSAGES.noDashboard(input.dashboard_id), {
        dashboard_id: CONTENT_MESSAGES.noDashboard(input.dashboard_id),
      });
    const reply: DashboardSettingsReply = { status: true, dashboard: found.item, settings: found.settings };
    return c.json(reply);
  },
});

const copy = defineRoute({
  method: 'POST',
  path: '/user/copy_saved_searches/',
  access: 'edit_user',
  schema: CopyContentForm,
  summary:
    "Copies a user's saved searches, watchlists or dashboards (kind, source_user_id, item_ids: JSON ids, targets: JSON emails, usernames or ids, on_clash: rename, skip or replace) onto up to 100 users; preview=true says what would happen and writes nothing. Saved searches also need the saved search admin privilege, watchlists the watchlist manager's.",
  async handler({ c, deps, input, now, session }) {
    const needs = COPY_FEATURES[input.kind];
    if (needs && !session.grants.features.includes(needs)) return forbidden(c, noFeatureRefusal(needs));
    const source = await visibleUser(deps.db, input.source_user_id, session.grants.features);
    if (!source) return noUser(c, input.source_user_id, 'source_user_id');
    const { items, missing } = await sourceItems(deps.db, source.id, input.kind, input.item_ids);
    if (missing.length)
      return refuseFields(c, CONTENT_MESSAGES.notOwned(input.kind, missing), {
        item_ids: CONTENT_MESSAGES.notOwned(input.kind, missing),
      });
    const resolved = await resolveTargets(deps.db, input.targets, source.id);
    if (!resolved.ok) return refuseFields(c, resolved.msg, { targets: resolved.msg });
    const request = {
      kind: input.kind,
      source,
      items,
      targets: resolved.targets,
      onClash: input.on_clash,
      author: session.user.username,
      now,
    };
    const outcome = input.preview ? await previewCopy(deps.db, request) : await copyContent(deps.db, request);
    if (!outcome.ok) return refuseFields(c, outcome.msg, { [outcome.field]: outcome.msg });
    return c.json(outcome.reply);
  },
});

export const userContentRoutes: readonly Route[] = [
  savedSearches,
  apSavedSearches,
  watchlistNames,
  watchlists,
  dashboards,
  dashboardSettings,
  copy,
];
