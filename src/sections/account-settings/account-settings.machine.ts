// Account Settings (/account_settings, decision 051): the accounts as a searchable list in keyset
// pages (the position in the URL), one account opened into a form of every setting from the
// version it was read at (0: it runs on the defaults). The browser checks the form with the
// contract's rules before sending (dd above otd, export hits at most 2,000, whole numbers) and
// shows each problem at its field; the server's refusals land at theirs. A save someone else made
// first is shown field by field, and the person reviews their version (own changes kept where
// they did not touch) or takes it. Putting the account back on the defaults asks first.
import { assign, fromPromise, setup } from 'xstate';
import { staleAccountSettingsOf, type AccountSettingsRecord } from '../../domain/account-settings';
import type { AccountSettingsInput as SaveInput } from '../../domain/accounts';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import { noticeOf } from '../../machines/shared/notice';
import { checkForm, formOf, mergeTheirs, QUERY_FIELD, withQueryBit } from './account-settings.form';
import type {
  AccountSettingsContext,
  AccountSettingsEvent,
  AccountSettingsInput,
  ListOutcome,
  ReadOutcome,
  SaveOutcome,
} from './account-settings.types';
import { aboveTheForm, refusedFields, refusedSaveOf } from '../../machines/shared/save-outcome';

const conflictOf = (error: unknown) => staleAccountSettingsOf(error);
const sameForm = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const list = listStates<AccountSettingsContext, AccountSettingsEvent>()({
  loading: 'listing',
  failed: 'listFailed',
  failedTags: ['list'],
  retry: 'list.retry',
  // A position the server no longer takes (an old cursor): Retry goes back to the first page of the search.
  retried: (context) => ({ error: null, position: { ...context.position, cursor: '', page: 1 } }),
  failure: failureMessage,
});

const accountSettingsSetup = setup({
  types: {
    context: {} as AccountSettingsContext,
    events: {} as AccountSettingsEvent,
    input: {} as AccountSettingsInput,
  },
  actors: {
    listAccounts: fromPromise<ListOutcome, { q: string; cursor: string; pageSize: number }>(() =>
      Promise.reject(new Error('provide listAccounts')),
    ),
    readAccount: fromPromise<ReadOutcome, { id: number }>(() => Promise.reject(new Error('provide readAccount'))),
    saveSettings: fromPromise<SaveOutcome, SaveInput>(() => Promise.reject(new Error('provide saveSettings'))),
    resetSettings: fromPromise<SaveOutcome, { id: number; version: number }>(() =>
      Promise.reject(new Error('provide resetSettings')),
    ),
  },
  guards: {
    accountToOpen: ({ context }) => context.openId !== null,
    formValid: ({ context }) => context.form !== null && checkForm(context.productKey, context.form).input !== null,
    hasNext: ({ context }) => context.list?.next_cursor != null,
    hasPrev: ({ context }) => context.list?.prev_cursor != null,
    stored: ({ context }) => context.form !== null && context.form.version > 0,
    refusedFields,
    stale: (_, error: unknown) => conflictOf(error) !== null,
  },
  actions: {
    storeList: assign(({ event }) => ({ list: (event as unknown as { output: ListOutcome }).output, error: null })),
    /** The record read, as the form; a draft kept for this account across a reload goes back on top. */
    storeAccount: assign(({ context, event }) => {
      const page = (event as unknown as { output: ReadOutcome }).output;
      const opened = formOf(page.result);
      const draft = context.draft && context.draft.accountId === page.result.account_id ? context.draft : null;
      return {
        form: draft ?? opened,
        draft: null,
        groups: page.groups,
        templates: page.templates,
        skus: page.skus,
        templateName: page.result.template_name,
        updatedBy: page.result.updated_by,
        updatedAt: page.result.updated_at,
        error: null,
        serverErrors: {},
        formError: null,
        tried: false,
        conflict: null,
      };
    }),
    /** What the server stored, as the form opened anew. */
    storeSaved: assign(({ event }) => {
      const reply = (event as unknown as { output: SaveOutcome }).output;
      return {
        form: formOf(reply.result),
        templateName: reply.result.template_name,
        updatedBy: reply.result.updated_by,
        updatedAt: reply.result.updated_at,
        notice: noticeOf(true, reply.msg ?? 'Saved.'),
        serverErrors: {},
        formError: null,
        tried: false,
      };
    }),
    holdConflict: assign(({ event }) => {
      const stale = conflictOf((event as unknown as { error: unknown }).error)!;
      return { conflict: { record: stale.current, msg: stale.msg }, formError: null, notice: null };
    }),
    editForm: assign(({ context, event }) => {
      const form = context.form;
      if (!form) return {};
      const drop = (key: string) => Object.fromEntries(Object.entries(context.serverErrors).filter(([k]) => k !== key));
      switch (event.type) {
        case 'form.value':
          return {
            form: { ...form, values: { ...form.values, [event.field]: event.value } },
            serverErrors: drop(event.field),
            notice: null,
          };
        case 'form.queryBit':
          return {
            form: { ...form, values: { ...form.values, [QUERY_FIELD]: withQueryBit(form, event.bit, event.on) } },
            serverErrors: drop(QUERY_FIELD),
            notice: null,
          };
        case 'form.group': {
          const groups = event.on
            ? [...new Set([...form.groups, event.id])]
            : form.groups.filter((g) => g !== event.id);
          return { form: { ...form, groups }, serverErrors: drop('accountsettings_groups'), notice: null };
        }
        case 'form.template':
          return { form: { ...form, templateId: event.id }, serverErrors: drop('templatesettings_id'), notice: null };
        default:
          return {};
      }
    }),
    closeAccount: assign({
      form: null,
      openId: null,
      conflict: null,
      serverErrors: {},
      formError: null,
      tried: false,
      notice: null,
      error: null,
    }),
  },
});

const calling = callStates(accountSettingsSetup);

export const accountSettingsMachine = accountSettingsSetup.createMachine({
  id: 'accountSettings',
  context: ({ input }) => ({
    productKey: input.productKey,
    position: input.position,
    list: null,
    openId: input.account ?? input.draft?.accountId ?? null,
    form: null,
    draft: input.draft,
    groups: [],
    templates: [],
    skus: [],
    templateName: null,
    updatedBy: null,
    updatedAt: null,
    conflict: null,
    tried: false,
    serverErrors: {},
    formError: null,
    error: null,
    notice: null,
  }),
  initial: 'listing',
  states: {
    listing: {
      tags: ['busy', 'list'],
      invoke: {
        id: 'listAccounts',
        src: 'listAccounts',
        input: ({ context }) => ({
          q: context.position.q,
          cursor: context.position.cursor,
          pageSize: context.position.pageSize,
        }),
        onDone: [
          // An account named in the URL (or kept in a draft) opens once the list is there.
          { guard: 'accountToOpen', target: 'account', actions: 'storeList' },
          { target: 'listed', actions: 'storeList' },
        ],
        onError: list.onError,
      },
    },
    listFailed: list.failed,
    listed: {
      tags: ['list'],
      on: {
        'search.submit': {
          target: 'listing',
          actions: assign(({ context, event }) => ({
            position: { ...context.position, q: event.q.trim(), cursor: '', page: 1 },
            notice: null,
          })),
        },
        'page.next': list.turn('next', (context) => ({
          position: { ...context.position, cursor: context.list!.next_cursor!, page: context.position.page + 1 },
          notice: null,
        })),
        'page.prev': list.turn('prev', (context) => {
          const page = Math.max(1, context.position.page - 1);
          return {
            position: { ...context.position, cursor: page === 1 ? '' : context.list!.prev_cursor!, page },
            notice: null,
          };
        }),
        'page.size': {
          target: 'listing',
          actions: assign(({ context, event }) => ({
            position: { ...context.position, pageSize: event.size, cursor: '', page: 1 },
            notice: null,
          })),
        },
        'account.open': { target: 'account', actions: assign({ openId: ({ event }) => event.id, notice: null }) },
      },
    },
    account: {
      tags: ['account'],
      initial: 'reading',
      on: { 'account.close': { target: 'listing', actions: 'closeAccount' } },
      states: {
        reading: calling('readAccount', {
          input: ({ context }) => ({ id: context.openId! }),
          onDone: { target: 'editing', actions: 'storeAccount' },
          onError: {
            target: 'readFailed',
            actions: assign({ error: ({ event }) => failureMessage(event.error), draft: null }),
          },
        }),
        readFailed: {
          on: { 'account.retry': { target: 'reading', actions: assign({ error: null }) } },
        },
        editing: {
          tags: ['form'],
          on: {
            'form.value': { actions: 'editForm' },
            'form.queryBit': { actions: 'editForm' },
            'form.group': { actions: 'editForm' },
            'form.template': { actions: 'editForm' },
            'form.submit': [
              { guard: 'formValid', target: 'saving', actions: assign({ formError: null, notice: null, tried: true }) },
              // The browser's own check: nothing is sent; every problem is shown at its field.
              {
                actions: assign({
                  tried: true,
                  notice: null,
                  formError: 'Nothing was saved: correct the fields marked below.',
                }),
              },
            ],
            'defaults.ask': {
              guard: 'stored',
              target: 'confirmDefaults',
              actions: assign({ formError: null, notice: null }),
            },
          },
        },
        saving: {
          tags: ['form', 'busy'],
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => checkForm(context.productKey, context.form!).input!,
            onDone: { target: 'editing', actions: 'storeSaved' },
            onError: [
              {
                guard: { type: 'refusedFields', params: errorOf },
                target: 'editing',
                actions: assign(({ context, event }) => {
                  const known = new Set([
                    ...Object.keys(context.form!.values),
                    'accountsettings_groups',
                    'templatesettings_id',
                  ]);
                  const refused = refusedSaveOf(event.error, (key) => known.has(key));
                  return {
                    serverErrors: refused.serverErrors,
                    formError:
                      refused.rest.length === 0
                        ? 'Nothing was saved: correct the fields marked below.'
                        : aboveTheForm(refused),
                  };
                }),
              },
              {
                guard: { type: 'stale', params: errorOf },
                target: 'conflict',
                actions: 'holdConflict',
              },
              {
                target: 'editing',
                actions: assign({
                  formError: ({ event }) => `The settings were not saved. ${failureMessage(event.error)}`,
                }),
              },
            ],
          },
        },
        conflict: {
          tags: ['form', 'conflict'],
          on: {
            'conflict.review': {
              target: 'editing',
              actions: assign(({ context }) => {
                const record: AccountSettingsRecord = context.conflict!.record;
                const merged = mergeTheirs(context.form!, record);
                return {
                  form: merged,
                  conflict: null,
                  templateName: record.template_name,
                  updatedBy: record.updated_by,
                  updatedAt: record.updated_at,
                  formError:
                    sameForm(merged.values, merged.base.values) &&
                    sameForm(merged.groups, merged.base.groups) &&
                    merged.templateId === merged.base.templateId
                      ? null
                      : 'Their version is shown with your changes where they did not change the same field. Save to store it.',
                };
              }),
            },
            'conflict.cancel': {
              target: 'editing',
              actions: assign(({ context }) => {
                const record = context.conflict!.record;
                return {
                  form: formOf(record),
                  conflict: null,
                  templateName: record.template_name,
                  updatedBy: record.updated_by,
                  updatedAt: record.updated_at,
                  formError: null,
                  tried: false,
                };
              }),
            },
          },
        },
        confirmDefaults: {
          tags: ['form', 'dialog'],
          on: {
            'defaults.confirm': 'resetting',
            'defaults.cancel': { target: 'editing', actions: assign({ formError: null }) },
          },
        },
        resetting: {
          tags: ['form', 'dialog', 'busy'],
          invoke: {
            id: 'resetSettings',
            src: 'resetSettings',
            input: ({ context }) => ({ id: context.form!.accountId, version: context.form!.version }),
            onDone: { target: 'editing', actions: 'storeSaved' },
            onError: [
              {
                guard: { type: 'stale', params: errorOf },
                target: 'conflict',
                actions: 'holdConflict',
              },
              {
                target: 'confirmDefaults',
                actions: assign({
                  formError: ({ event }) =>
                    `The settings were not put back on the defaults. ${failureMessage(event.error)}`,
                }),
              },
            ],
          },
        },
      },
    },
  },
});
