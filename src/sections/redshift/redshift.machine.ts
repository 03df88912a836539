// Redshift Configuration (/redshift_configuration, spec §2, §8; decision 054): the one
// configuration read (with who saved it last and when), changed with two switches and three
// checkboxes, and saved from the version it was read at. Saved: 'Redshift configuration saved
// Successfully'; someone else saved first: said, with what is stored now and which settings they
// changed, and saving again replaces theirs; anything else: 'Something went wrong.', with each
// field the server refused at its control. A changed form comes back after a reload.
import { assign, fromPromise, setup } from 'xstate';
import { fieldRefusalOf, WHOLE_REQUEST } from '../../domain/field-errors';
import {
  REDSHIFT_MESSAGES,
  redshiftChanges,
  redshiftStateOf,
  staleRedshiftOf,
  type RedshiftConfiguration,
} from '../../domain/redshift';
import { NOTHING_ANSWERED } from '../../machines/shared/save-outcome';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import { discarded, savedShown, storedShown, theirsShown } from '../../machines/shared/staying-form';
import type {
  LoadOutcome,
  RedshiftConfigContext,
  RedshiftConfigEvent,
  RedshiftConfigInput,
  RedshiftToggle,
  SaveInput,
  SaveOutcome,
} from './redshift.types';

/** The field of the request a toggle sets, as a refusal names it. */
export const FIELD_OF: Record<RedshiftToggle, string> = {
  user_script: 'user_script',
  account_script: 'account_script',
  expire_time: 'user_flag.expire_time',
  product: 'user_flag.product',
  user_type: 'user_flag.user_type',
};

function toggled(c: RedshiftConfiguration, key: RedshiftToggle): RedshiftConfiguration {
  if (key === 'user_script' || key === 'account_script') return { ...c, [key]: !c[key] };
  return { ...c, user_flag: { ...c.user_flag, [key]: !c.user_flag[key] } };
}

/** A refusal's fields without the body's prefix: 'redshift_configuration.user_flag.product' → 'user_flag.product'. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const refusal = fieldRefusalOf(error);
  if (!refusal) return {};
  return Object.fromEntries(
    Object.entries(refusal.fields).map(([k, m]) => [
      k === WHOLE_REQUEST ? k : k.replace(/^redshift_configuration\.?/, '') || WHOLE_REQUEST,
      m,
    ]),
  );
}

const redshiftConfigSetup = setup({
  types: { context: {} as RedshiftConfigContext, events: {} as RedshiftConfigEvent, input: {} as RedshiftConfigInput },
  actors: {
    loadRedshift: fromPromise<LoadOutcome>(() => Promise.reject(new Error('provide loadRedshift'))),
    saveRedshift: fromPromise<SaveOutcome, SaveInput>(() => Promise.reject(new Error('provide saveRedshift'))),
  },
  guards: {
    stale: (_, error: unknown) => staleRedshiftOf(error) !== null,
  },
});

const calling = callStates(redshiftConfigSetup);

export const redshiftConfigMachine = redshiftConfigSetup.createMachine({
  id: 'redshiftConfig',
  context: ({ input }) => ({
    stored: null,
    form: null,
    base: null,
    version: 0,
    draft: input.draft,
    ...NOTHING_ANSWERED,
  }),
  initial: 'loading',
  states: {
    loading: calling('loadRedshift', {
      onDone: {
        target: 'editing',
        actions: assign(({ context, event }) => {
          const stored = redshiftStateOf(event.output);
          // A form kept from before a reload is shown again, from the version it started at.
          const d = context.draft;
          return d
            ? { stored, form: d.configuration, base: d.base, version: d.version, draft: null, error: null }
            : { ...storedShown(stored, stored.configuration), error: null };
        }),
      },
      onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
    }),
    failed: {
      on: { 'redshift.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      tags: ['form'],
      on: {
        'form.toggle': {
          actions: assign(({ context, event }) => ({
            form: toggled(context.form!, event.key),
            serverErrors: Object.fromEntries(
              Object.entries(context.serverErrors).filter(([k]) => k !== FIELD_OF[event.key]),
            ),
            notice: null,
          })),
        },
        'form.save': { target: 'saving', actions: assign({ notice: null, serverErrors: {} }) },
        // Back to what is stored now (theirs, after a conflict).
        'form.discard': {
          actions: assign(({ context }) => discarded(context.stored!, context.stored!.configuration)),
        },
      },
    },
    saving: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'saveRedshift',
        src: 'saveRedshift',
        input: ({ context }) => ({ configuration: context.form!, version: context.version }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const stored = redshiftStateOf(event.output);
            return savedShown(stored, stored.configuration, REDSHIFT_MESSAGES.saved);
          }),
        },
        onError: [
          {
            // Someone else saved first: theirs is shown, the form keeps this person's, and saving again replaces theirs.
            guard: { type: 'stale', params: errorOf },
            target: 'editing',
            actions: assign(({ context, event }) => {
              const stale = staleRedshiftOf(event.error)!;
              const theirs = stale.current.configuration;
              return theirsShown(stale, theirs, redshiftChanges(context.base!, theirs), REDSHIFT_MESSAGES.failed);
            }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => {
              const refusal = fieldRefusalOf(event.error);
              return {
                serverErrors: fieldErrorsOf(event.error),
                notice: noticeOf(false, `${REDSHIFT_MESSAGES.failed} ${refusal?.msg ?? failureMessage(event.error)}`),
              };
            }),
          },
        ],
      },
    },
  },
});
