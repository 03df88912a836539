// Broker Research, Control Panel (spec §2, §3, §6, §8; decision 056): the research flags of each
// distributor the session sees — the product's, and Refinitiv's with tri_submittor — read
// together with the count of submissions waiting. Each distributor's set is changed and saved on
// its own, from the version it was read at. Saved: said; someone else saved first: said, with
// what is stored now and which flags they changed, and saving again replaces theirs; refused or
// not sent: said, with the server's words at each flag. Reading failed: 'Unable to fetch Broker
// Research Flags status' and Retry. Changed sets come back after a reload.
import { assign, fromPromise, setup } from 'xstate';
import { fieldRefusalOf, WHOLE_REQUEST } from '../../../domain/field-errors';
import { FLAG_MESSAGES, flagChanges, flagsStateOf, staleFlagsOf } from '../../../domain/broker-research-control-panel';
import { callStates } from '../../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../../machines/shared/failure';
import { noticeOf } from '../../../machines/shared/notice';
import { discarded, savedShown, storedShown, theirsShown } from '../../../machines/shared/staying-form';
import type {
  DistributorFlags,
  LoadOutcome,
  ResearchFlagsContext,
  ResearchFlagsEvent,
  ResearchFlagsInput,
  SaveInput,
  SaveOutcome,
} from './control-panel.types';

/** A refusal's fields as the form names them: 'flags.notify_users' stays, anything else is the whole set. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const refusal = fieldRefusalOf(error);
  if (!refusal) return {};
  return Object.fromEntries(
    Object.entries(refusal.fields).map(([k, m]) => [k.startsWith('flags.') ? k : WHOLE_REQUEST, m]),
  );
}

const update = (sets: DistributorFlags[], dist: string, change: (s: DistributorFlags) => Partial<DistributorFlags>) =>
  sets.map((s) => (s.dist === dist ? { ...s, ...change(s) } : s));

const researchFlagsSetup = setup({
  types: { context: {} as ResearchFlagsContext, events: {} as ResearchFlagsEvent, input: {} as ResearchFlagsInput },
  actors: {
    loadPanel: fromPromise<LoadOutcome, { dists: string[] }>(() => Promise.reject(new Error('provide loadPanel'))),
    saveFlags: fromPromise<SaveOutcome, SaveInput>(() => Promise.reject(new Error('provide saveFlags'))),
  },
  guards: {
    stale: (_, error: unknown) => staleFlagsOf(error) !== null,
  },
});

const calling = callStates(researchFlagsSetup);

export const researchFlagsMachine = researchFlagsSetup.createMachine({
  id: 'researchFlags',
  context: ({ input }) => ({
    dists: input.dists,
    sets: [],
    waiting: null,
    draft: input.draft,
    saving: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: calling('loadPanel', {
      input: ({ context }) => ({ dists: context.dists.map((d) => d.dist) }),
      onDone: {
        target: 'editing',
        actions: assign(({ context, event }) => ({
          sets: context.dists.map(({ dist, label }, i): DistributorFlags => {
            const stored = flagsStateOf(event.output.replies[i]!);
            // A set kept from before a reload is shown again, from the version it started at.
            const kept = context.draft?.[dist];
            return {
              dist,
              label,
              stored,
              conflict: null,
              serverErrors: {},
              notice: null,
              ...(kept
                ? { form: kept.flags, base: kept.base, version: kept.version }
                : storedShown(stored, stored.flags)),
            };
          }),
          waiting: event.output.waiting,
          draft: null,
          error: null,
        })),
      },
      onError: {
        target: 'failed',
        actions: assign({ error: ({ event }) => `${FLAG_MESSAGES.fetchFailed}. ${failureMessage(event.error)}` }),
      },
    }),
    failed: {
      on: { 'flags.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      tags: ['form'],
      on: {
        'flag.toggle': {
          actions: assign(({ context, event }) => ({
            sets: update(context.sets, event.dist, (s) => ({
              form: { ...s.form, [event.key]: !s.form[event.key] },
              serverErrors: Object.fromEntries(
                Object.entries(s.serverErrors).filter(([k]) => k !== `flags.${event.key}`),
              ),
              notice: null,
            })),
          })),
        },
        'flags.save': {
          target: 'saving',
          actions: assign(({ context, event }) => ({
            saving: event.dist,
            sets: update(context.sets, event.dist, () => ({ notice: null, serverErrors: {} })),
          })),
        },
        // Back to what is stored now (theirs, after a conflict).
        'flags.discard': {
          actions: assign(({ context, event }) => ({
            sets: update(context.sets, event.dist, (s) => discarded(s.stored, s.stored.flags)),
          })),
        },
      },
    },
    saving: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'saveFlags',
        src: 'saveFlags',
        input: ({ context }) => {
          const set = context.sets.find((s) => s.dist === context.saving)!;
          return { dist: set.dist, flags: set.form, version: set.version };
        },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const stored = flagsStateOf(event.output);
            return {
              saving: null,
              sets: update(context.sets, stored.dist, () => savedShown(stored, stored.flags, event.output.msg)),
            };
          }),
        },
        onError: [
          {
            // Someone else saved first: theirs is shown, the form keeps this person's, and saving again replaces theirs.
            guard: { type: 'stale', params: errorOf },
            target: 'editing',
            actions: assign(({ context, event }) => {
              const stale = staleFlagsOf(event.error)!;
              return {
                saving: null,
                sets: update(context.sets, context.saving!, (s) =>
                  theirsShown(
                    stale,
                    stale.current.flags,
                    flagChanges(s.base, stale.current.flags),
                    FLAG_MESSAGES.saveFailed,
                  ),
                ),
              };
            }),
          },
          {
            target: 'editing',
            actions: assign(({ context, event }) => ({
              saving: null,
              sets: update(context.sets, context.saving!, () => ({
                serverErrors: fieldErrorsOf(event.error),
                notice: noticeOf(
                  false,
                  `${FLAG_MESSAGES.saveFailed} ${fieldRefusalOf(event.error)?.msg ?? (event.error as { data?: { msg?: string } })?.data?.msg ?? failureMessage(event.error)}`,
                ),
              })),
            })),
          },
        ],
      },
    },
  },
});
