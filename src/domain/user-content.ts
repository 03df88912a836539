// A user's platform content (spec §7 "Groups, roles, users"; decision 065): the saved searches,
// watchlists and dashboards a customer set up on the platform, read by support from the user
// screen and copied from one user onto others. The three kinds share one shape (a name unique per
// user and kind, what the kind keeps, a size) and one copy: a preview names every clash of a
// copied name with one the target already has and how it is resolved, and the copy itself is one
// transaction that resolves clashes again under the target's lock, so two copies onto one user at
// once neither duplicate nor lose a name.
import * as v from 'valibot';
import type { FeatureKey } from './features';
import { FormBool, Id, JsonField, Text } from './wire';

export const CONTENT_KINDS = ['saved_search', 'watchlist', 'dashboard'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_KIND_LABELS: Record<ContentKind, { one: string; many: string }> = {
  saved_search: { one: 'saved search', many: 'saved searches' },
  watchlist: { one: 'watchlist', many: 'watchlists' },
  dashboard: { one: 'dashboard', many: 'dashboards' },
};
/** The feature copying each kind needs on top of edit_user (spec §6 admin roles). */
export const COPY_FEATURES: Record<ContentKind, FeatureKey | null> = {
  saved_search: 'is_admin_ss',
  watchlist: 'is_admin_wm',
  dashboard: null,
};

/** Spec §3 "Data source labels": where a saved search looks. */
export const DATA_SOURCES = ['AMR', 'BR', 'Fitch', "Moody's", 'S&P credit', 'Stream', 'Sustainalytics'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

/** Dashboard templates the platform offers (the template a dashboard was made from). */
export const DASHBOARD_TEMPLATES = [
  'market_overview',
  'earnings_season',
  'research_digest',
  'portfolio_monitor',
  'blank',
] as const;
export type DashboardTemplate = (typeof DASHBOARD_TEMPLATES)[number];
export const DASHBOARD_TEMPLATE_LABELS: Record<DashboardTemplate, string> = {
  market_overview: 'Market overview',
  earnings_season: 'Earnings season',
  research_digest: 'Research digest',
  portfolio_monitor: 'Portfolio monitor',
  blank: 'Blank',
};
export const DASHBOARD_WIDGETS = [
  'news_stream',
  'watchlist_quotes',
  'price_chart',
  'earnings_calendar',
  'research_feed',
  'notes',
] as const;
export const DASHBOARD_WIDGET_LABELS: Record<(typeof DASHBOARD_WIDGETS)[number], string> = {
  news_stream: 'News stream',
  watchlist_quotes: 'Watchlist quotes',
  price_chart: 'Price chart',
  earnings_calendar: 'Earnings calendar',
  research_feed: 'Research feed',
  notes: 'Notes',
};

export const CONTENT_NAME_MAX = 120;
export const SAVED_SEARCH_QUERY_MAX = 2000;
export const WATCHLIST_TICKERS_MAX = 1000;
/** Items of one kind a user may hold; a copy that would pass it is refused for that user. */
export const CONTENT_PER_USER_MAX = 2000;
/** A page of a user's content. */
export const CONTENT_PAGE_SIZE = 100;
/** Most items one copy takes, and most users it copies onto (the bench: 500 onto 100). */
export const MAX_COPY_ITEMS = 500;
export const MAX_COPY_TARGETS = 100;
/** Clashes a preview lists per target; the rest are counted. */
export const PREVIEW_CLASHES_SHOWN = 20;

/** What a copied name that a target already has becomes. */
export const CLASH_RESOLUTIONS = ['rename', 'skip', 'replace'] as const;
export type ClashResolution = (typeof CLASH_RESOLUTIONS)[number];
export const CLASH_RESOLUTION_LABELS: Record<ClashResolution, string> = {
  rename: "Keep both: the copy is renamed 'Name (2)'",
  skip: "Skip: the target's own is kept",
  replace: "Replace the target's own with the copy",
};

/** One copy call as the panel makes it (preview or not); the service turns it into the form fields. */
export interface CopyRequest {
  kind: ContentKind;
  sourceUserId: number;
  itemIds: number[];
  targets: string[];
  onClash: ClashResolution;
  preview: boolean;
}

/** The key a name is unique by within a user and kind: whitespace collapsed, lower case. */
export const contentNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
/** 'Name (2)', 'Name (3)'…: the first free one, the base cut so the whole fits CONTENT_NAME_MAX. */
export function renamedCopy(name: string, taken: (key: string) => boolean): string {
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, CONTENT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken(contentNameKey(candidate))) return candidate;
  }
}

export const CONTENT_MESSAGES = {
  noUser: (id: number) => `No user has the id ${id}.`,
  noItems: (kind: ContentKind) => `Choose the ${CONTENT_KIND_LABELS[kind].many} to copy.`,
  notOwned: (kind: ContentKind, ids: readonly number[]) =>
    `These ${CONTENT_KIND_LABELS[kind].many} are not the source user's: ${ids.join(', ')}.`,
  sourceIsTarget: 'A user cannot be copied onto themselves; remove them from the users to copy to.',
  unknownTargets: (values: readonly string[]) => `No user matches: ${values.join(', ')}.`,
  tooMany: (kind: ContentKind, username: string) =>
    `${username} would hold more than ${CONTENT_PER_USER_MAX} ${CONTENT_KIND_LABELS[kind].many}.`,
  noDashboard: (id: number) => `No dashboard has the id ${id}.`,
  copied: (kind: ContentKind, copied: number, users: number) =>
    `Copied ${copied} ${copied === 1 ? CONTENT_KIND_LABELS[kind].one : CONTENT_KIND_LABELS[kind].many} to ${users} ${users === 1 ? 'user' : 'users'}.`,
  /** The preview's summary: nothing is written yet. */
  wouldCopy: (kind: ContentKind, copied: number, users: number) =>
    `Would copy ${copied} ${copied === 1 ? CONTENT_KIND_LABELS[kind].one : CONTENT_KIND_LABELS[kind].many} to ${users} ${users === 1 ? 'user' : 'users'}.`,
} as const;

// ── items on the wire ────────────────────────────────────────────────
export const SavedSearchItem = v.object({
  id: v.number(),
  name: v.string(),
  query: v.string(),
  sources: v.array(v.picklist(DATA_SOURCES)),
  /** The platform emails new results when on. */
  alert: v.boolean(),
  last_used_at: v.nullable(v.number()),
  updated_at: v.number(),
});
export type SavedSearchItem = v.InferOutput<typeof SavedSearchItem>;

export const WatchlistItem = v.object({
  id: v.number(),
  name: v.string(),
  size: v.number(),
  /** The first tickers, up to 20; `size` counts them all. */
  tickers: v.array(v.string()),
  updated_at: v.number(),
});
export type WatchlistItem = v.InferOutput<typeof WatchlistItem>;

export const DashboardItem = v.object({
  id: v.number(),
  name: v.string(),
  template: v.picklist(DASHBOARD_TEMPLATES),
  widgets: v.number(),
  updated_at: v.number(),
});
export type DashboardItem = v.InferOutput<typeof DashboardItem>;

export const DashboardSettings = v.object({
  layout: v.picklist(['grid', 'columns']),
  refresh_seconds: v.number(),
  widgets: v.array(
    v.object({ type: v.picklist(DASHBOARD_WIDGETS), title: v.string(), watchlist: v.nullable(v.string()) }),
  ),
});
export type DashboardSettings = v.InferOutput<typeof DashboardSettings>;

/** Keyset page: the next page starts after this name key and id. */
const NextCursor = v.nullable(v.string());

// ── GET user/fetch_saved_searches/ (user_id, cursor) ─────────────────
export const SavedSearchesQuery = v.object({
  user_id: Id,
  cursor: v.optional(v.pipe(v.string(), v.maxLength(400)), ''),
});
export const SavedSearchesReply = v.object({
  status: v.literal(true),
  items: v.array(SavedSearchItem),
  total: v.number(),
  next: NextCursor,
});
export type SavedSearchesReply = v.InferOutput<typeof SavedSearchesReply>;

// ── GET user/fetch_ap_saved_searches/ (query): every user's saved searches named from `query` ──
export const AP_SEARCH_MIN = 2;
export const ApSavedSearchesQuery = v.object({
  query: v.pipe(Text(CONTENT_NAME_MAX), v.minLength(AP_SEARCH_MIN, `Type at least ${AP_SEARCH_MIN} characters.`)),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(400)), ''),
});
export const ApSavedSearchesReply = v.object({
  status: v.literal(true),
  items: v.array(
    v.object({
      ...SavedSearchItem.entries,
      owner: v.object({ id: v.number(), username: v.string(), name: v.string() }),
    }),
  ),
  next: NextCursor,
});
export type ApSavedSearchesReply = v.InferOutput<typeof ApSavedSearchesReply>;

// ── POST user/get_watchlist_name/ (no body): the watchlist managers' shared watchlists ──
export const WatchlistNamesReply = v.object({
  status: v.literal(true),
  watchlists: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      size: v.number(),
      owner: v.object({ id: v.number(), username: v.string() }),
    }),
  ),
});
export type WatchlistNamesReply = v.InferOutput<typeof WatchlistNamesReply>;

// ── POST user/graph/fetch_users_watchlist_data_ap/ (user_id) ─────────
export const UserContentForm = v.object({ user_id: Id });
export const WatchlistsReply = v.object({ status: v.literal(true), items: v.array(WatchlistItem), total: v.number() });
export type WatchlistsReply = v.InferOutput<typeof WatchlistsReply>;

// ── POST user/graph/get_dashboard_template_ap/ (user_id) ─────────────
export const DashboardsReply = v.object({ status: v.literal(true), items: v.array(DashboardItem), total: v.number() });
export type DashboardsReply = v.InferOutput<typeof DashboardsReply>;

// ── POST user/graph/get_dashboard_settings_ap/ (user_id, dashboard_id) ──
export const DashboardSettingsForm = v.object({ user_id: Id, dashboard_id: Id });
export const DashboardSettingsReply = v.object({
  status: v.literal(true),
  dashboard: DashboardItem,
  settings: DashboardSettings,
});
export type DashboardSettingsReply = v.InferOutput<typeof DashboardSettingsReply>;

// ── POST user/copy_saved_searches/: any kind, preview or copy ────────
/** A user to copy onto, as the bulk screens take one: an email, a username or an id. */
const TargetIdentifier = v.pipe(v.string(), v.trim(), v.nonEmpty('Empty user.'), v.maxLength(254));
export const CopyContentForm = v.object({
  kind: v.optional(v.picklist(CONTENT_KINDS, 'Choose saved searches, watchlists or dashboards.'), 'saved_search'),
  source_user_id: Id,
  item_ids: JsonField(
    v.pipe(
      v.array(Id),
      v.minLength(1, 'Choose what to copy.'),
      v.maxLength(MAX_COPY_ITEMS, `At most ${MAX_COPY_ITEMS} at a time.`),
    ),
    'item_ids',
  ),
  targets: JsonField(
    v.pipe(
      v.array(TargetIdentifier),
      v.minLength(1, 'Name the users to copy to.'),
      v.maxLength(MAX_COPY_TARGETS, `At most ${MAX_COPY_TARGETS} users at a time.`),
    ),
    'targets',
  ),
  on_clash: v.picklist(CLASH_RESOLUTIONS, 'Choose what happens to a name the user already has.'),
  /** true: say what would happen, change nothing. */
  preview: FormBool,
});
export type CopyContentForm = v.InferOutput<typeof CopyContentForm>;

export const CopyClash = v.object({
  item_id: v.number(),
  name: v.string(),
  resolution: v.picklist(CLASH_RESOLUTIONS),
  /** The copy's name under 'rename'; null otherwise. */
  new_name: v.nullable(v.string()),
});
export type CopyClash = v.InferOutput<typeof CopyClash>;

export const CopyTarget = v.object({
  user_id: v.number(),
  username: v.string(),
  name: v.string(),
  /** Items written new, renamed included. */
  added: v.number(),
  renamed: v.number(),
  skipped: v.number(),
  replaced: v.number(),
  /** The first PREVIEW_CLASHES_SHOWN clashes; `clash_count` counts them all. */
  clashes: v.array(CopyClash),
  clash_count: v.number(),
});
export type CopyTarget = v.InferOutput<typeof CopyTarget>;

export const CopyContentReply = v.object({
  status: v.literal(true),
  kind: v.picklist(CONTENT_KINDS),
  preview: v.boolean(),
  items: v.number(),
  targets: v.array(CopyTarget),
  totals: v.object({ added: v.number(), renamed: v.number(), skipped: v.number(), replaced: v.number() }),
  msg: v.string(),
});
export type CopyContentReply = v.InferOutput<typeof CopyContentReply>;
