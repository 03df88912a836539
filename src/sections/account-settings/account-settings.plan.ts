// Account Settings' walk. The list is read (or not), searched, paged forward and back, shown 50 a
// page; an account is opened (running on the defaults, or with settings stored) or cannot be
// read; its form is changed (dd set below otd, which the browser refuses before sending, then
// above it; a query bit, a group, a template), saved (stored, refused by the server at a field,
// saved by someone else first — then their changes are reviewed or taken — or not sent), and put
// back on the defaults after a question (done, someone saved first, or not sent). A second walk
// opens on a form kept across a reload.
import { defaultAccountSettings, type AccountSettingsRecord } from '../../domain/account-settings';
import type { ListAccountsReply } from '../../domain/accounts';
import { doneEvent, failedEvent, refusedEvent, staleRecordEvent, type MachinePlan } from '../../workflows/plan';
import { formOf } from './account-settings.form';
import { accountSettingsMachine } from './account-settings.machine';
import type { AccountDraft, AccountForm } from './account-settings.types';

export const PLAN_KEY = 'product';
const DEFAULTS = defaultAccountSettings(PLAN_KEY, 'app');
const RECORD: AccountSettingsRecord = {
  account_id: 1,
  account_name: 'Alpha Capital Partners',
  ...DEFAULTS,
  accountsettings_groups: [],
  templatesettings_id: null,
  template_name: null,
  is_new_created: true,
  version: 0,
  created_by: null,
  updated_by: null,
  created_at: null,
  updated_at: null,
};
const STORED: AccountSettingsRecord = {
  ...RECORD,
  is_new_created: false,
  version: 1,
  created_by: 'admin',
  updated_by: 'admin',
  created_at: 1,
  updated_at: 1,
};
const LIST: ListAccountsReply = {
  status: true,
  items: [
    {
      account_id: 1,
      name: 'Alpha Capital Partners',
      salesforce_id: null,
      version: 0,
      templatesettings_id: null,
      template_name: null,
      updated_at: null,
    },
  ],
  total_accounts: 25,
  total_capped: false,
  count: 1,
  next_cursor: 'n',
  prev_cursor: 'p',
};
const page = (record: AccountSettingsRecord) => ({
  status: true,
  msg: '',
  result: record,
  groups: [{ id: 5, name: 'Desk A', kind: 'general' }],
  templates: [{ id: 9, name: 'Standard' }],
  skus: [],
});
const conflict = (id: string) =>
  staleRecordEvent(id, "admin saved this account's settings since you opened it.", {
    ...STORED,
    version: 2,
    account_settings: { ...STORED.account_settings, otd_limit: 30 },
  });

type Snap = Parameters<NonNullable<MachinePlan['serializeState']>>[0];
const formOfSnap = (s: Snap) => (s.context as { form: AccountForm | null }).form;
const positionOf = (s: Snap) => (s.context as { position: { q: string; page: number; pageSize: number } }).position;

export const accountSettingsPlan: MachinePlan<typeof accountSettingsMachine> = {
  machine: accountSettingsMachine,
  input: { productKey: PLAN_KEY, position: { q: '', cursor: '', page: 1, pageSize: 20 }, account: null, draft: null },
  events: [
    { type: 'list.retry' },
    { type: 'search.submit', q: 'capital' },
    { type: 'page.next' },
    { type: 'page.prev' },
    { type: 'page.size', size: 50 },
    { type: 'account.open', id: 1 },
    { type: 'account.retry' },
    { type: 'form.value', field: 'account_settings.dd_limit', value: '10' },
    { type: 'form.value', field: 'account_settings.dd_limit', value: '300' },
    { type: 'form.queryBit', bit: 64, on: true },
    { type: 'form.group', id: 5, on: true },
    { type: 'form.template', id: 9 },
    { type: 'form.submit' },
    { type: 'conflict.review' },
    { type: 'conflict.cancel' },
    { type: 'defaults.ask' },
    { type: 'defaults.confirm' },
    { type: 'defaults.cancel' },
    { type: 'account.close' },
  ],
  outcomes: [
    { name: 'listed', event: doneEvent('listAccounts', LIST) },
    { name: 'listFailed', event: failedEvent('listAccounts') },
    { name: 'readDefaults', event: doneEvent('readAccount', page(RECORD)) },
    { name: 'readStored', event: doneEvent('readAccount', page(STORED)) },
    { name: 'readFailed', event: failedEvent('readAccount') },
    {
      name: 'saved',
      event: doneEvent('saveSettings', {
        status: true,
        msg: 'Settings of Alpha Capital Partners saved.',
        result: { ...STORED, version: 2 },
      }),
    },
    {
      name: 'saveRefused',
      event: refusedEvent(
        'saveSettings',
        { accountsettings_groups: 'Not a group of this account: 5.' },
        'The settings were not saved.',
      ),
    },
    { name: 'savedMeanwhile', event: conflict('saveSettings') },
    { name: 'saveFailed', event: failedEvent('saveSettings') },
    {
      name: 'reset',
      event: doneEvent('resetSettings', {
        status: true,
        msg: 'Alpha Capital Partners is back on the default settings.',
        result: RECORD,
      }),
    },
    { name: 'resetMeanwhile', event: conflict('resetSettings') },
    { name: 'resetFailed', event: failedEvent('resetSettings') },
  ],
  serializeState: (s) => {
    const f = formOfSnap(s);
    const p = positionOf(s);
    const moved = p.q !== '' ? 'searched' : p.pageSize !== 20 ? 'wide' : p.page > 1 ? 'paged' : 'first';
    return JSON.stringify([
      s.value,
      s.hasTag('account') ? null : moved,
      f ? [f.version > 0, f.values['account_settings.dd_limit'] === '10', f.groups.length > 0] : null,
    ]);
  },
  filterEvents: (s, e) => {
    const p = positionOf(s);
    const f = formOfSnap(s);
    // The real list: 25 accounts, so page 1 of 20 has a next page and page 2 a previous one; a search or 50 a page fits on one.
    if (e.type === 'page.next') return p.page === 1 && p.q === '' && p.pageSize === 20;
    if (e.type === 'page.prev') return p.page > 1;
    if (e.type === 'search.submit') return p.q === '';
    // Alpha Capital Partners is on the first page.
    if (e.type === 'account.open') return p.page === 1;
    if (e.type === 'page.size') return p.pageSize === 20;
    // Busy steps cannot be left; the buttons are off.
    if (e.type === 'account.close') return !s.hasTag('busy') && !s.hasTag('dialog') && !s.hasTag('conflict');
    // The server refuses a group that has gone: only a form that names one can be refused so.
    if (e.type === 'xstate.error.actor.saveSettings' && e['error']?.status === 400) return (f?.groups.length ?? 0) > 0;
    // One walk of each change is enough: after it the form's shape repeats.
    if (e.type === 'form.queryBit' || e.type === 'form.template')
      return f?.values['account_settings.dd_limit'] !== '10';
    return true;
  },
};

/** After a reload with the form of account 1 kept (decision 042): it opens again with the kept change once the account is read. */
export const PLAN_DRAFT: AccountDraft = (() => {
  const opened = formOf(STORED);
  return { ...opened, values: { ...opened.values, 'account_settings.dd_limit': '250' } };
})();
export const accountSettingsDraftPlan: MachinePlan<typeof accountSettingsMachine> = {
  machine: accountSettingsMachine,
  input: {
    productKey: PLAN_KEY,
    position: { q: '', cursor: '', page: 1, pageSize: 20 },
    account: null,
    draft: PLAN_DRAFT,
  },
  events: [{ type: 'form.submit' }, { type: 'account.close' }],
  outcomes: accountSettingsPlan.outcomes.filter((o) => ['listed', 'readStored', 'saved'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, formOfSnap(s) !== null]),
  filterEvents: (s, e) => (e.type === 'account.close' ? !s.hasTag('busy') : true),
};
