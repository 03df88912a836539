// SKU Configuration (/sku_configuration, decision 053): the SKUs, read at once and searched on
// screen. A SKU is created or changed in a form (code, name, description, product configuration,
// data plan items under spec §5's rules, and the account settings it sets, chosen one by one)
// from the version it was read at: a change someone saved first is said, and saving again starts
// from theirs. Retiring and reactivating ask first. The holders are read a page at a time and
// can be taken off (their settings stay). Assigning picks an account, shows what changes there
// and which account rule refuses it, and applies only on confirmation, from the account's
// settings version: a change in between brings the new preview.
import { assign, fromPromise, setup } from 'xstate';
import { defaultAccountSettings } from '../../domain/account-settings';
import { fieldRefusalOf } from '../../domain/field-errors';
import { settingField } from '../../domain/account-labels';
import { skuConflictOf, type Sku } from '../../domain/skus';
import { reconcileDataPlan } from '../../domain/user-rules';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import { failedTextOf, meanwhileOf, refusedSave } from '../../machines/shared/save-outcome';
import { listLoad } from '../../machines/shared/versioned-form.load';
import {
  CLOSED_FORM,
  conflictIs,
  editedField,
  versionedForm,
  withoutErrors,
} from '../../machines/shared/versioned-form';
import type {
  AssignInput,
  AssignOutcome,
  HoldersInput,
  LoadOutcome,
  PreviewOutcome,
  SaveOutcome,
  SkuEditorContext,
  SkuEditorEvent,
  SkuEditorInput,
  SkuForm,
  SkuFormValues,
  StatusInput,
} from './skus.types';

const FORM_FIELDS = ['code', 'name', 'description', 'product_configuration', 'data_plan'] as const;
const isFormField = (k: string) =>
  (FORM_FIELDS as readonly string[]).includes(k) ||
  k.startsWith('account_settings.') ||
  k.startsWith('account_level_flags.');

/** A SKU's two objects as the form's dotted paths; numbers become the text a field holds. */
function defaultsOf(sku: Sku): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [group, values] of [
    ['account_settings', sku.account_settings],
    ['account_level_flags', sku.account_level_flags],
  ] as const) {
    for (const [k, val] of Object.entries(values)) out[`${group}.${k}`] = typeof val === 'number' ? String(val) : val;
  }
  return out;
}

function formOf(sku: Sku): SkuForm {
  const values: SkuFormValues = {
    code: sku.code,
    name: sku.name,
    description: sku.description,
    product_configuration: sku.product_configuration,
    data_plan: sku.data_plan,
    defaults: defaultsOf(sku),
  };
  return { id: sku.id, version: sku.version, ...values, base: values };
}

function emptyForm(key: string): SkuForm {
  const values: SkuFormValues = {
    code: '',
    name: '',
    description: '',
    product_configuration: `${key}_basic`,
    data_plan: [],
    defaults: {},
  };
  return { id: null, version: 0, ...values, base: values };
}

/** The value a newly added setting starts from: the account default (§9). */
function startValue(key: string, path: string): unknown {
  const [group, name] = path.split('.') as ['account_settings' | 'account_level_flags', string];
  const value = defaultAccountSettings(key, 'app')[group][name];
  return typeof value === 'number' ? String(value) : value;
}

const find = (context: SkuEditorContext, id: number) => context.skus.find((s) => s.id === id) ?? null;
const errorText = failedTextOf(skuConflictOf);

/** No SKU picked for a dialog: nothing of its holders, its assigning or its preview. */
const NO_TARGET: Pick<
  SkuEditorContext,
  'target' | 'holders' | 'holdersTotal' | 'holdersNext' | 'holdersAfter' | 'takingOff' | 'account' | 'preview'
> = {
  target: null,
  holders: [],
  holdersTotal: 0,
  holdersNext: null,
  holdersAfter: null,
  takingOff: null,
  account: null,
  preview: null,
};

type AccountPicked = Extract<SkuEditorEvent, { type: 'assign.account' }>;
/** The assign dialog, picking or previewing: an account picked reads what assigning changes for it; Cancel leaves. */
const pickAccount = {
  'assign.account': {
    target: 'previewing',
    actions: assign<SkuEditorContext, AccountPicked, undefined, SkuEditorEvent, never>({
      account: ({ event }) => event.account,
      preview: null,
      error: null,
    }),
  },
  'assign.cancel': { target: '#skuEditor.listed', actions: 'clearTarget' },
} as const;

const skuEditorSetup = setup({
  types: { context: {} as SkuEditorContext, events: {} as SkuEditorEvent, input: {} as SkuEditorInput },
  actors: {
    loadSkus: fromPromise<LoadOutcome>(() => Promise.reject(new Error('provide loadSkus'))),
    saveSku: fromPromise<SaveOutcome, SkuForm>(() => Promise.reject(new Error('provide saveSku'))),
    changeStatus: fromPromise<SaveOutcome, StatusInput>(() => Promise.reject(new Error('provide changeStatus'))),
    loadHolders: fromPromise<import('../../domain/skus').SkuHoldersReply, HoldersInput>(() =>
      Promise.reject(new Error('provide loadHolders')),
    ),
    unassignSku: fromPromise<unknown, { skuId: number; accountId: number }>(() =>
      Promise.reject(new Error('provide unassignSku')),
    ),
    previewAssignment: fromPromise<PreviewOutcome, { skuId: number; accountId: number }>(() =>
      Promise.reject(new Error('provide previewAssignment')),
    ),
    assignSku: fromPromise<AssignOutcome, AssignInput>(() => Promise.reject(new Error('provide assignSku'))),
  },
  guards: {
    formOpen: ({ context }) => context.form !== null,
    listedSku: ({ context, event }) => 'id' in event && find(context, event.id) !== null,
    activeSku: ({ context, event }) => 'id' in event && find(context, event.id)?.status === 'active',
    morePages: ({ context }) => context.holdersNext !== null,
    assignable: ({ context }) => context.preview !== null && Object.keys(context.preview.problems).length === 0,
    refusedFields: (_, error: unknown) => {
      const refusal = fieldRefusalOf(error);
      return refusal !== null && Object.keys(refusal.fields).some(isFormField);
    },
    stale: conflictIs(skuConflictOf),
  },
  actions: {
    storeList: assign(({ event }) => {
      const reply = (event as unknown as { output: LoadOutcome }).output;
      return { skus: reply.items, error: null };
    }),
    editField: assign(({ context, event }) => {
      const form = context.form;
      if (!form) return {};
      const drop = (...keys: string[]) => withoutErrors(context.serverErrors, (k) => keys.includes(k));
      switch (event.type) {
        case 'form.code':
          return editedField(context, 'code', event.value);
        case 'form.name':
          return editedField(context, 'name', event.value);
        case 'form.description':
          return editedField(context, 'description', event.value);
        case 'form.configuration':
          return editedField(context, 'product_configuration', event.value);
        case 'form.planItem': {
          // The §5 rules as the person chooses: the plan they leave, and why (blue).
          const selection = event.on ? [...form.data_plan, event.item] : form.data_plan.filter((i) => i !== event.item);
          const result = reconcileDataPlan(context.productKey, selection, '');
          return {
            form: { ...form, data_plan: result.plan },
            planNotices: result.notices,
            serverErrors: drop('data_plan'),
          };
        }
        case 'form.addSetting': {
          if (event.path in form.defaults || !settingField(context.productKey, event.path)) return {};
          return {
            form: { ...form, defaults: { ...form.defaults, [event.path]: startValue(context.productKey, event.path) } },
          };
        }
        case 'form.setting':
          return {
            form: { ...form, defaults: { ...form.defaults, [event.path]: event.value } },
            serverErrors: drop(event.path, 'account_settings.dd_limit'),
          };
        case 'form.removeSetting': {
          const { [event.path]: _gone, ...rest } = form.defaults;
          return { form: { ...form, defaults: rest }, serverErrors: drop(event.path) };
        }
        default:
          return {};
      }
    }),
    closeForm: assign({ ...CLOSED_FORM, planNotices: [] }),
    pickTarget: assign(({ context, event }) => ({
      target: 'id' in event ? find(context, event.id) : null,
      error: null,
      notice: null,
    })),
    clearTarget: assign({ ...NO_TARGET, error: null }),
  },
});

const calling = callStates(skuEditorSetup);

export const skuEditorMachine = skuEditorSetup.createMachine({
  id: 'skuEditor',
  context: ({ input }) => ({
    productKey: input.productKey,
    skus: [],
    search: '',
    status: 'all',
    form: input.draft,
    planNotices: [],
    serverErrors: {},
    formError: null,
    ...NO_TARGET,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    ...listLoad<SkuEditorContext, SkuEditorEvent>()({ load: 'loadSkus', retry: 'skus.retry' }),
    listed: {
      tags: ['listed'],
      on: {
        'list.search': { actions: assign({ search: ({ event }) => event.value }) },
        'list.status': { actions: assign({ status: ({ event }) => event.value }) },
        'sku.new': {
          target: 'form',
          actions: assign(({ context }) => ({ form: emptyForm(context.productKey), notice: null })),
        },
        'sku.edit': {
          guard: 'listedSku',
          target: 'form',
          actions: assign(({ context, event }) => ({ form: formOf(find(context, event.id)!), notice: null })),
        },
        'sku.status': { guard: 'listedSku', target: 'statusing', actions: 'pickTarget' },
        'sku.holders': { guard: 'listedSku', target: 'holders', actions: ['clearTarget', 'pickTarget'] },
        'sku.assign': { guard: 'activeSku', target: 'assigning', actions: ['clearTarget', 'pickTarget'] },
      },
    },
    form: versionedForm<SkuEditorContext, SkuEditorEvent>()({
      edits: [
        'form.code',
        'form.name',
        'form.description',
        'form.configuration',
        'form.planItem',
        'form.addSetting',
        'form.setting',
        'form.removeSetting',
      ],
      cancel: '#skuEditor.listed',
      save: 'saveSku',
      saved: '#skuEditor.loading',
      // The guard holds only a refusal naming a field of the form, so a message stands at one.
      refused: (error) => refusedSave(error, isFormField),
      // Someone else saved it first: said, and the next save starts from what is stored now.
      meanwhile: meanwhileOf(skuConflictOf),
      failed: (error) => errorText(error, 'The SKU was not saved.'),
    }),
    statusing: {
      tags: ['dialog'],
      initial: 'confirm',
      on: { 'status.cancel': { target: 'listed', actions: 'clearTarget' } },
      states: {
        confirm: { on: { 'status.confirm': 'saving' } },
        saving: calling('changeStatus', {
          input: ({ context }) => ({
            id: context.target!.id,
            version: context.target!.version,
            status: context.target!.status === 'active' ? 'retired' : 'active',
          }),
          onDone: {
            target: '#skuEditor.loading',
            actions: assign({ notice: ({ event }) => noticeOf(true, event.output.msg), target: null }),
          },
          onError: {
            target: 'confirm',
            actions: assign(({ context, event }) => {
              // A change in between: the question stands on the SKU as it is now.
              const conflict = skuConflictOf(event.error);
              const current = conflict && 'current' in conflict ? conflict.current : null;
              return { error: errorText(event.error, 'Nothing was changed.'), target: current ?? context.target };
            }),
          },
        }),
      },
    },
    holders: {
      tags: ['dialog'],
      initial: 'reading',
      on: { 'holders.close': { target: 'loading', actions: 'clearTarget' } },
      states: {
        reading: calling('loadHolders', {
          input: ({ context }) => ({ skuId: context.target!.id, after: context.holdersAfter }),
          onDone: {
            target: 'shown',
            actions: assign(({ context, event }) => ({
              holders: context.holdersAfter === null ? event.output.items : [...context.holders, ...event.output.items],
              holdersTotal: event.output.total,
              holdersNext: event.output.next,
            })),
          },
          onError: {
            target: 'shown',
            actions: assign({
              error: ({ event }) => `The accounts holding this SKU could not be read. ${failureMessage(event.error)}`,
            }),
          },
        }),
        shown: {
          on: {
            'holders.more': {
              guard: 'morePages',
              target: 'reading',
              actions: assign(({ context }) => ({ holdersAfter: context.holdersNext, error: null, notice: null })),
            },
            // Taking the SKU off an account asks first, naming the account.
            'holders.unassign': {
              target: 'confirmingTakeOff',
              actions: assign(({ context, event }) => ({
                takingOff: {
                  accountId: event.accountId,
                  name: context.holders.find((h) => h.account_id === event.accountId)?.name ?? `#${event.accountId}`,
                },
                error: null,
                notice: null,
              })),
            },
          },
        },
        confirmingTakeOff: {
          on: {
            'unassign.confirm': { target: 'unassigning' },
            'unassign.cancel': { target: 'shown', actions: assign({ takingOff: null }) },
          },
        },
        unassigning: calling('unassignSku', {
          input: ({ context }) => ({ skuId: context.target!.id, accountId: context.takingOff!.accountId }),
          onDone: {
            target: 'reading',
            actions: assign({
              notice: ({ event }) => noticeOf(true, (event.output as { msg: string }).msg),
              holdersAfter: null,
              takingOff: null,
            }),
          },
          onError: {
            target: 'shown',
            actions: assign({
              error: ({ event }) => errorText(event.error, 'Nothing was changed.'),
              takingOff: null,
            }),
          },
        }),
      },
    },
    assigning: {
      tags: ['dialog'],
      initial: 'picking',
      states: {
        picking: { on: pickAccount },
        previewing: calling('previewAssignment', {
          input: ({ context }) => ({ skuId: context.target!.id, accountId: context.account!.account_id }),
          onDone: { target: 'preview', actions: assign({ preview: ({ event }) => event.output.preview }) },
          onError: {
            target: 'picking',
            actions: assign({
              error: ({ event }) => errorText(event.error, 'What assigning changes could not be read.'),
            }),
          },
        }),
        preview: {
          on: {
            'assign.confirm': { guard: 'assignable', target: 'applying', actions: assign({ error: null }) },
            ...pickAccount,
          },
        },
        applying: calling('assignSku', {
          input: ({ context }) => ({
            skuId: context.target!.id,
            accountId: context.account!.account_id,
            version: context.preview!.version,
          }),
          onDone: { target: 'done', actions: assign({ notice: ({ event }) => noticeOf(true, event.output.msg) }) },
          onError: [
            {
              // The account's settings moved since the preview: the new preview, said.
              guard: { type: 'stale', params: errorOf },
              target: 'preview',
              actions: assign(({ context, event }) => {
                const conflict = skuConflictOf(event.error)!;
                return { error: conflict.msg, preview: 'preview' in conflict ? conflict.preview : context.preview };
              }),
            },
            {
              target: 'preview',
              actions: assign({ error: ({ event }) => errorText(event.error, 'The SKU was not assigned.') }),
            },
          ],
        }),
        done: {
          on: { 'assign.close': { target: '#skuEditor.loading', actions: 'clearTarget' } },
        },
      },
    },
  },
});
