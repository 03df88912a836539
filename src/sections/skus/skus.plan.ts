// SKU Configuration's walk. The SKUs are read (or not) and searched; a SKU is created or changed
// (saved, refused at its code, changed by someone else first, not sent) with its data plan under
// the §5 rules and the settings it sets added, changed and removed; retired or reactivated after
// a question (done, changed meanwhile, not sent); its holders read a page at a time (or not) and
// one taken off (or not); assigned to an account: the preview read (fits, refused by an account
// rule, not read), then applied (done, the account changed meanwhile, refused, not sent).
import type { AssignPreview, Sku } from '../../domain/skus';
import { doneEvent, failedEvent, refusedEvent, staleEvent, staleRecordEvent } from '../../workflows/plan';
import type { MachinePlan } from '../../workflows/plan';
import { NEW_RECORD } from '../../machines/shared/new-record';
import { skuEditorMachine } from './skus.machine';
import type { SkuForm } from './skus.types';

export const PLAN_PRODUCT = 'product';
const SKU: Sku = {
  id: 1,
  code: 'PRO',
  name: 'Professional',
  description: 'Research with data',
  product_configuration: `${PLAN_PRODUCT}_res`,
  data_plan: [`${PLAN_PRODUCT}_data`],
  account_settings: { otd_limit: 150 },
  account_level_flags: {},
  status: 'active',
  holders: 26,
  version: 1,
  created_by: 'keeper',
  updated_by: 'keeper',
  created_at: 0,
  updated_at: 0,
};
const ACCOUNT = { account_id: 1, name: 'Northwind Capital' };
const PREVIEW: AssignPreview = {
  sku: SKU,
  account: ACCOUNT,
  version: 1,
  held: false,
  problems: {},
  changes: [{ field: 'account_settings.otd_limit', before: 20, after: 150 }],
};

export const skuEditorPlan: MachinePlan<typeof skuEditorMachine> = {
  machine: skuEditorMachine,
  input: { productKey: PLAN_PRODUCT, draft: null },
  events: [
    { type: 'skus.retry' },
    { type: 'list.search', value: 'pro' },
    { type: 'list.status', value: 'retired' },
    { type: 'sku.edit', id: 1 },
    { type: 'sku.new' },
    { type: 'form.code', value: 'PRO-PLUS' },
    { type: 'form.name', value: 'Professional plus' },
    { type: 'form.description', value: 'Research, data and Excel' },
    { type: 'form.configuration', value: `${PLAN_PRODUCT}_res_prof` },
    { type: 'form.planItem', item: 'shareholder_data', on: true },
    { type: 'form.addSetting', path: 'account_settings.excelplug' },
    { type: 'form.setting', path: 'account_settings.otd_limit', value: '30' },
    { type: 'form.removeSetting', path: 'account_settings.otd_limit' },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'sku.status', id: 1 },
    { type: 'status.confirm' },
    { type: 'status.cancel' },
    { type: 'sku.holders', id: 1 },
    { type: 'holders.more' },
    { type: 'holders.unassign', accountId: 1 },
    { type: 'unassign.confirm' },
    { type: 'unassign.cancel' },
    { type: 'holders.close' },
    { type: 'sku.assign', id: 1 },
    { type: 'assign.account', account: ACCOUNT },
    { type: 'assign.confirm' },
    { type: 'assign.cancel' },
    { type: 'assign.close' },
  ],
  outcomes: [
    { name: 'loaded', event: doneEvent('loadSkus', { status: true, items: [SKU], total: 1 }) },
    { name: 'loadFailed', event: failedEvent('loadSkus') },
    { name: 'saved', event: doneEvent('saveSku', { status: true, msg: "SKU 'PRO-PLUS' saved.", sku: SKU }) },
    { name: 'codeTaken', event: refusedEvent('saveSku', { code: 'taken' }) },
    {
      name: 'savedMeanwhile',
      event: staleRecordEvent('saveSku', "Someone else changed SKU 'PRO' since you opened it.", { ...SKU, version: 2 }),
    },
    { name: 'saveFailed', event: failedEvent('saveSku') },
    {
      name: 'statusChanged',
      event: doneEvent('changeStatus', { status: true, msg: "SKU 'PRO' retired.", sku: { ...SKU, status: 'retired' } }),
    },
    {
      name: 'statusStale',
      event: staleRecordEvent('changeStatus', "Someone else changed SKU 'PRO' since you opened it.", {
        ...SKU,
        version: 2,
      }),
    },
    { name: 'statusFailed', event: failedEvent('changeStatus') },
    {
      name: 'holdersRead',
      event: doneEvent('loadHolders', {
        status: true,
        items: [{ ...ACCOUNT, assigned_by: 'keeper', assigned_at: 0 }],
        total: 26,
        next: 25,
      }),
    },
    { name: 'holdersFailed', event: failedEvent('loadHolders') },
    {
      name: 'unassigned',
      event: doneEvent('unassignSku', {
        status: true,
        msg: "SKU 'PRO' taken from Northwind Capital; its settings stay as they are.",
      }),
    },
    { name: 'unassignFailed', event: failedEvent('unassignSku') },
    { name: 'previewed', event: doneEvent('previewAssignment', { status: true, preview: PREVIEW }) },
    {
      name: 'previewRefused',
      event: doneEvent('previewAssignment', {
        status: true,
        preview: {
          ...PREVIEW,
          problems: { 'account_settings.dd_limit': 'The DD limit must be greater than the OTD limit (150).' },
        },
      }),
    },
    { name: 'previewFailed', event: failedEvent('previewAssignment') },
    {
      name: 'assigned',
      event: doneEvent('assignSku', {
        status: true,
        msg: "SKU 'PRO' assigned to Northwind Capital.",
        version: 2,
        changes: PREVIEW.changes,
      }),
    },
    {
      name: 'assignStale',
      event: staleEvent('assignSku', {
        msg: 'The settings of Northwind Capital were changed by someone else since the preview.',
        stale: true,
        preview: { ...PREVIEW, version: 2 },
      }),
    },
    {
      name: 'assignRefused',
      event: refusedEvent('assignSku', { sku_id: "SKU 'PRO' is retired: it cannot be assigned. Reactivate it first." }),
    },
    { name: 'assignFailed', event: failedEvent('assignSku') },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.form?.id ?? null]),
  filterEvents: (s, e) => {
    // A new SKU cannot have been changed meanwhile.
    if (e.type === 'xstate.error.actor.saveSku' && s.context.form?.id === null) return e['error']?.status !== 409;
    // Busy steps of a dialog cannot be closed, nor the holders while the question stands over them.
    if (e.type === 'status.cancel' || e.type === 'holders.close' || e.type === 'assign.cancel')
      return !s.hasTag('busy') && !(e.type === 'holders.close' && s.matches({ holders: 'confirmingTakeOff' }));
    return true;
  },
};

/** After a reload with a SKU form kept (decision 042): it opens again once the SKUs are read. */
export const PLAN_DRAFT: SkuForm = {
  ...NEW_RECORD,
  code: 'KEPT-1',
  name: 'Kept bundle',
  description: '',
  product_configuration: `${PLAN_PRODUCT}_basic`,
  data_plan: ['rns'],
  defaults: { 'account_settings.export_hits_limit': '300' },
  base: {
    code: '',
    name: '',
    description: '',
    product_configuration: `${PLAN_PRODUCT}_basic`,
    data_plan: [],
    defaults: {},
  },
};
export const skuEditorDraftPlan: MachinePlan<typeof skuEditorMachine> = {
  machine: skuEditorMachine,
  input: { productKey: PLAN_PRODUCT, draft: PLAN_DRAFT },
  events: [{ type: 'form.submit' }, { type: 'form.cancel' }],
  outcomes: skuEditorPlan.outcomes.filter((o) => ['loaded', 'saved'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, s.context.form !== null]),
};
