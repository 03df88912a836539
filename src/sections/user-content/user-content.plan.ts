// The Content tab's walk. Everything is read at once: all of it, or with the saved searches and
// the dashboards not answered (each retried on its own, read or not). More saved searches read
// (or not, said); items ticked and the copy dialog opened and closed; a dashboard's settings
// opened (read, or not and tried again) and closed. The second walk opens on a copy kept across
// a reload; the third is a reader who may not copy.
import type { TranscriptSourceReply } from '../../domain/notebook';
import type {
  DashboardsReply,
  SavedSearchesReply,
  WatchlistNamesReply,
  WatchlistsReply,
} from '../../domain/user-content';
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { userContentMachine } from './user-content.machine';
import type { LoadAllOutcome } from './user-content.types';

const search = (id: number, name: string) => ({
  id,
  name,
  query: 'semiconductor AND earnings',
  sources: ['AMR' as const],
  alert: true,
  last_used_at: null,
  updated_at: 1_764_000_000_000,
});
const searches: SavedSearchesReply = {
  status: true,
  items: [search(1, 'Chip makers'), search(3, 'Semiconductor earnings')],
  total: 3,
  next: 'k:3',
};
const lastSearches: SavedSearchesReply = { status: true, items: [search(2, 'Rate cuts')], total: 3, next: null };
const watchlists: WatchlistsReply = {
  status: true,
  items: [{ id: 5, name: 'Chips', size: 2, tickers: ['NVDA', 'AMD'], updated_at: 1_764_000_000_000 }],
  total: 1,
};
const shared: WatchlistNamesReply = {
  status: true,
  watchlists: [{ id: 9, name: 'Desk picks', size: 4, owner: { id: 2, username: 'wm' } }],
};
const dashboards: DashboardsReply = {
  status: true,
  items: [{ id: 7, name: 'Mornings', template: 'market_overview', widgets: 2, updated_at: 1_764_000_000_000 }],
  total: 1,
};
const transcript: TranscriptSourceReply = { status: true, tr_src: 'tri', rr_pro: 'fds', may_change: true };
const all: LoadAllOutcome = {
  saved_search: { ok: true, reply: searches },
  watchlist: { ok: true, reply: watchlists },
  shared: { ok: true, reply: shared },
  dashboard: { ok: true, reply: dashboards },
  transcript: { ok: true, reply: transcript },
};
const partly: LoadAllOutcome = {
  ...all,
  saved_search: { ok: false, error: { status: 0 } },
  dashboard: { ok: false, error: { status: 0 } },
};
const settings = {
  status: true as const,
  dashboard: dashboards.items[0]!,
  settings: {
    layout: 'grid' as const,
    refresh_seconds: 60,
    widgets: [{ type: 'news_stream' as const, title: 'News', watchlist: null }],
  },
};
const EDITOR = ['admin_panel_access', 'user_mgmt', 'edit_user', 'is_admin_ss', 'is_admin_wm'];

export const userContentPlan: MachinePlan<typeof userContentMachine> = {
  machine: userContentMachine,
  input: { userId: 11, features: EDITOR, draft: null },
  events: [
    { type: 'section.retry', section: 'saved_search' },
    { type: 'section.retry', section: 'dashboard' },
    { type: 'searches.more' },
    { type: 'item.toggle', kind: 'saved_search', id: 1 },
    { type: 'copy.open', kind: 'saved_search' },
    { type: 'copy.closed', message: null },
    { type: 'settings.open', id: 7 },
    { type: 'settings.retry' },
    { type: 'settings.close' },
  ],
  outcomes: [
    { name: 'loaded', event: doneEvent('loadAll', all) },
    { name: 'partlyLoaded', event: doneEvent('loadAll', partly) },
    { name: 'sectionLoaded', event: doneEvent('loadSection', searches) },
    { name: 'sectionFailed', event: failedEvent('loadSection') },
    { name: 'moreLoaded', event: doneEvent('loadMore', lastSearches) },
    { name: 'moreFailed', event: failedEvent('loadMore') },
    { name: 'settingsLoaded', event: doneEvent('loadSettings', settings) },
    { name: 'settingsFailed', event: failedEvent('loadSettings') },
  ],
  serializeState: (s) => {
    const c = s.context;
    return JSON.stringify([
      s.value,
      (Object.values(c.parts) as { status: string }[]).map((p) => p.status),
      c.parts.saved_search.reply?.next ?? null,
      c.chosen.saved_search.length,
      c.notice !== null,
    ]);
  },
  // The dashboard retried only after the saved searches were (one walk is enough for each).
  filterEvents: (s, e) => {
    const c = s.context;
    switch (e.type) {
      case 'section.retry':
        return e['section'] === 'dashboard' ? c.parts.saved_search.status === 'shown' : true;
      case 'item.toggle':
        return c.chosen.saved_search.length === 0 && c.notice === null;
      case 'searches.more':
        return c.chosen.saved_search.length === 0;
      default:
        return true;
    }
  },
};

export const userContentDraftPlan: MachinePlan<typeof userContentMachine> = {
  machine: userContentMachine,
  input: {
    userId: 11,
    features: EDITOR,
    draft: { kind: 'saved_search', items: [{ id: 1, name: 'Chip makers' }], targets: 'grace', on_clash: 'skip' },
  },
  events: [{ type: 'copy.closed', message: null }],
  outcomes: [userContentPlan.outcomes[0]!],
  serializeState: userContentPlan.serializeState!,
};

/** A reader (user_mgmt alone): the lists, no ticks, no copy. */
export const userContentReaderPlan: MachinePlan<typeof userContentMachine> = {
  machine: userContentMachine,
  input: { userId: 11, features: ['admin_panel_access', 'user_mgmt'], draft: null },
  events: [
    { type: 'item.toggle', kind: 'saved_search', id: 1 },
    { type: 'copy.open', kind: 'saved_search' },
  ],
  outcomes: [userContentPlan.outcomes[0]!],
  serializeState: userContentPlan.serializeState!,
};
