// The real services of the Content tab's machine, beside it so they load with the user edit screen.
import { fromPromise } from 'xstate';
import {
  fetchDashboardSettings,
  fetchDashboards,
  fetchSavedSearches,
  fetchSharedWatchlists,
  fetchTranscriptSource,
  fetchWatchlists,
} from './user-content.service';
import { liveContentCopyMachine } from './content-copy.live';
import { answeringTab, userContentMachine } from './user-content.machine';
import type { LoadAllOutcome, Replies, Section, Settled } from './user-content.types';

function readSection(userId: number, section: Section): Promise<Replies[Section]> {
  switch (section) {
    case 'saved_search':
      return fetchSavedSearches({ userId, cursor: '' });
    case 'watchlist':
      return fetchWatchlists(userId);
    case 'shared':
      return fetchSharedWatchlists();
    case 'dashboard':
      return fetchDashboards(userId);
    case 'transcript':
      return fetchTranscriptSource(userId);
  }
}

const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (reply) => ({ ok: true as const, reply }),
    (error: unknown) => ({ ok: false as const, error }),
  );

export const liveUserContentMachine = userContentMachine.provide({
  actors: {
    loadAll: fromPromise(async ({ input }): Promise<LoadAllOutcome> => {
      const [saved_search, watchlist, shared, dashboard, transcript] = await Promise.all([
        settle(fetchSavedSearches({ userId: input.userId, cursor: '' })),
        settle(fetchWatchlists(input.userId)),
        settle(fetchSharedWatchlists()),
        settle(fetchDashboards(input.userId)),
        settle(fetchTranscriptSource(input.userId)),
      ]);
      return { saved_search, watchlist, shared, dashboard, transcript };
    }),
    loadSection: fromPromise(({ input }) => readSection(input.userId, input.section)),
    loadMore: fromPromise(({ input }) => fetchSavedSearches(input)),
    loadSettings: fromPromise(({ input }) => fetchDashboardSettings(input)),
    contentCopy: answeringTab(liveContentCopyMachine),
  },
});
