// The user edit screen's Content tab (spec §7; decision 065): the user's saved searches (a page at
// a time), watchlists with the shared ones under them, dashboards (one's settings in a dialog),
// and their transcript source and research provider, each read, failed and retried on its own.
// Items ticked per kind open the copy dialog (contentCopy) when the session may copy that kind:
// edit_user and the kind's own feature. A copy being prepared before a reload opens again.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import {
  COPY_FEATURES,
  type ContentKind,
  type DashboardSettingsReply,
  type SavedSearchesReply,
} from '../../domain/user-content';
import { contentCopyMachine } from './content-copy.machine';
import type { CopyClosed } from './content-copy.types';
import { callStates } from '../../machines/shared/call-state';
import { refusalMessage } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import type {
  LoadAllOutcome,
  Part,
  Parts,
  Replies,
  Section,
  Settled,
  UserContentContext,
  UserContentEvent,
  UserContentInput,
} from './user-content.types';

const SECTION_FAILED: Record<Section, string> = {
  saved_search: 'The saved searches could not be loaded.',
  watchlist: 'The watchlists could not be loaded.',
  shared: 'The shared watchlists could not be loaded.',
  dashboard: 'The dashboards could not be loaded.',
  transcript: 'The transcript source could not be loaded.',
};
const loadingPart = { status: 'loading', reply: null, error: null } as const;
const partOf = <K extends Section>(section: K, settled: Settled<Replies[K]>): Part<Replies[K]> =>
  settled.ok
    ? { status: 'shown', reply: settled.reply, error: null }
    : { status: 'failed', reply: null, error: `${SECTION_FAILED[section]} ${refusalMessage(settled.error)}` };

/** Copying a kind needs edit_user and the kind's own feature (spec §6). */
export function mayCopy(features: readonly string[], kind: ContentKind): boolean {
  const own = COPY_FEATURES[kind];
  return features.includes('edit_user') && (own === null || features.includes(own));
}

/** The copy dialog, wired to answer the tab as it closes. */
export const answeringTab = (machine: typeof contentCopyMachine) =>
  machine.provide({
    actions: {
      announceClosed: sendParent((_, params: CopyClosed) => ({
        type: 'copy.closed' as const,
        message: params.message,
      })),
    },
  });

const noneChosen = (): Record<ContentKind, number[]> => ({ saved_search: [], watchlist: [], dashboard: [] });
const listed = (c: UserContentContext, kind: ContentKind): { id: number; name: string }[] => {
  const p = c.parts[kind];
  return p.status === 'shown' ? p.reply.items.map((i) => ({ id: i.id, name: i.name })) : [];
};

const userContentSetup = setup({
  types: { context: {} as UserContentContext, events: {} as UserContentEvent, input: {} as UserContentInput },
  actors: {
    loadAll: fromPromise<LoadAllOutcome, { userId: number }>(() => Promise.reject(new Error('provide loadAll'))),
    loadSection: fromPromise<Replies[Section], { userId: number; section: Section }>(() =>
      Promise.reject(new Error('provide loadSection')),
    ),
    loadMore: fromPromise<SavedSearchesReply, { userId: number; cursor: string }>(() =>
      Promise.reject(new Error('provide loadMore')),
    ),
    loadSettings: fromPromise<DashboardSettingsReply, { userId: number; dashboardId: number }>(() =>
      Promise.reject(new Error('provide loadSettings')),
    ),
    contentCopy: answeringTab(contentCopyMachine),
  },
  guards: {
    failedSection: ({ context, event }) =>
      event.type === 'section.retry' && context.parts[event.section].status === 'failed',
    moreSearches: ({ context }) =>
      context.parts.saved_search.status === 'shown' && context.parts.saved_search.reply.next !== null,
    mayToggle: ({ context, event }) =>
      event.type === 'item.toggle' &&
      mayCopy(context.features, event.kind) &&
      listed(context, event.kind).some((i) => i.id === event.id),
    mayOpenCopy: ({ context, event }) =>
      event.type === 'copy.open' && mayCopy(context.features, event.kind) && context.chosen[event.kind].length > 0,
    listedDashboard: ({ context, event }) =>
      event.type === 'settings.open' && listed(context, 'dashboard').some((d) => d.id === event.id),
    /** A kept copy opens again when its kind may still be copied by this session. */
    draftReopens: ({ context }) => context.draft !== null && mayCopy(context.features, context.draft.kind),
  },
});

const calling = callStates(userContentSetup);

export const userContentMachine = userContentSetup.createMachine({
  id: 'userContent',
  context: ({ input }) => ({
    userId: input.userId,
    features: input.features,
    draft: input.draft,
    parts: {
      saved_search: loadingPart,
      watchlist: loadingPart,
      shared: loadingPart,
      dashboard: loadingPart,
      transcript: loadingPart,
    },
    retrying: null,
    chosen: noneChosen(),
    copy: null,
    settings: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: calling('loadAll', {
      input: ({ context }) => ({ userId: context.userId }),
      onDone: [
        {
          guard: 'draftReopens',
          target: 'copying',
          actions: [
            assign({ parts: ({ event }) => partsOf(event.output) }),
            assign(({ context }) => {
              const d = context.draft!;
              return {
                chosen: { ...noneChosen(), [d.kind]: d.items.map((i) => i.id) },
                copy: {
                  kind: d.kind,
                  sourceUserId: context.userId,
                  items: d.items,
                  targets: d.targets,
                  onClash: d.on_clash,
                },
                draft: null,
              };
            }),
          ],
        },
        { target: 'ready', actions: assign({ parts: ({ event }) => partsOf(event.output), draft: null }) },
      ],
    }),
    ready: {
      on: {
        'section.retry': {
          guard: 'failedSection',
          target: 'retrying',
          actions: assign(({ context, event }) => ({
            retrying: event.section,
            notice: null,
            parts: { ...context.parts, [event.section]: loadingPart },
          })),
        },
        'searches.more': { guard: 'moreSearches', target: 'loadingMore', actions: assign({ notice: null }) },
        'item.toggle': {
          guard: 'mayToggle',
          actions: assign(({ context, event }) => {
            const now = context.chosen[event.kind];
            return {
              chosen: {
                ...context.chosen,
                [event.kind]: now.includes(event.id) ? now.filter((id) => id !== event.id) : [...now, event.id],
              },
            };
          }),
        },
        'copy.open': {
          guard: 'mayOpenCopy',
          target: 'copying',
          actions: assign(({ context, event }) => {
            const chosen = context.chosen[event.kind];
            const items = listed(context, event.kind).filter((i) => chosen.includes(i.id));
            return {
              notice: null,
              copy: { kind: event.kind, sourceUserId: context.userId, items, targets: '', onClash: 'rename' as const },
            };
          }),
        },
        'settings.open': {
          guard: 'listedDashboard',
          target: 'settings',
          actions: assign(({ context, event }) => {
            const p = context.parts.dashboard;
            const dashboard = p.status === 'shown' ? p.reply.items.find((d) => d.id === event.id)! : null;
            return { notice: null, settings: { dashboard: dashboard!, reply: null, error: null } };
          }),
        },
      },
    },
    retrying: calling('loadSection', {
      input: ({ context }) => ({ userId: context.userId, section: context.retrying! }),
      onDone: {
        target: 'ready',
        actions: assign(({ context, event }) => ({
          parts: { ...context.parts, [context.retrying!]: { status: 'shown', reply: event.output, error: null } },
          retrying: null,
        })),
      },
      onError: {
        target: 'ready',
        actions: assign(({ context, event }) => ({
          parts: {
            ...context.parts,
            [context.retrying!]: partOf(context.retrying!, { ok: false, error: event.error }),
          },
          retrying: null,
        })),
      },
    }),
    loadingMore: calling('loadMore', {
      input: ({ context }) => ({ userId: context.userId, cursor: context.parts.saved_search.reply?.next ?? '' }),
      onDone: {
        target: 'ready',
        actions: assign(({ context, event }) => {
          const before = context.parts.saved_search.reply!;
          return {
            parts: {
              ...context.parts,
              saved_search: {
                status: 'shown' as const,
                error: null,
                reply: { ...event.output, items: [...before.items, ...event.output.items] },
              },
            },
          };
        }),
      },
      onError: {
        target: 'ready',
        actions: assign({
          notice: ({ event }) => noticeOf(false, `${SECTION_FAILED.saved_search} ${refusalMessage(event.error)}`),
        }),
      },
    }),
    settings: {
      initial: 'loading',
      on: { 'settings.close': { target: 'ready', actions: assign({ settings: null }) } },
      states: {
        loading: calling('loadSettings', {
          input: ({ context }) => ({ userId: context.userId, dashboardId: context.settings!.dashboard.id }),
          onDone: {
            target: 'shown',
            actions: assign(({ context, event }) => ({
              settings: { ...context.settings!, reply: event.output, error: null },
            })),
          },
          onError: {
            target: 'failed',
            actions: assign(({ context, event }) => ({
              settings: {
                ...context.settings!,
                error: `The dashboard's settings could not be loaded. ${refusalMessage(event.error)}`,
              },
            })),
          },
        }),
        shown: {},
        failed: {
          on: {
            'settings.retry': {
              target: 'loading',
              actions: assign(({ context }) => ({ settings: { ...context.settings!, error: null } })),
            },
          },
        },
      },
    },
    copying: {
      invoke: { id: 'copy', src: 'contentCopy', input: ({ context }) => context.copy! },
      on: {
        'copy.closed': {
          target: 'ready',
          // A copy made: its ticks are done with and its message stays on the tab.
          actions: assign(({ context, event }) => ({
            copy: null,
            chosen:
              event.message !== null && context.copy ? { ...context.chosen, [context.copy.kind]: [] } : context.chosen,
            notice: event.message !== null ? noticeOf(true, event.message) : null,
          })),
        },
      },
    },
  },
});

function partsOf(outcome: LoadAllOutcome): Parts {
  return {
    saved_search: partOf('saved_search', outcome.saved_search),
    watchlist: partOf('watchlist', outcome.watchlist),
    shared: partOf('shared', outcome.shared),
    dashboard: partOf('dashboard', outcome.dashboard),
    transcript: partOf('transcript', outcome.transcript),
  };
}
