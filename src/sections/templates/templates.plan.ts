// Template Settings' walk. The templates are read (or not) and searched; a template is created or
// changed (saved, refused at its fields, changed by someone else first, not sent), deleted (or
// not), and applied: accounts chosen, the dry run read (or not), confirmed and applied, or refused
// because an account changed since the dry run (or not sent).
import { defaultAccountSettings } from '../../domain/account-settings';
import type { ApplyPreviewReply, Template } from '../../domain/templates';
import type { MachinePlan } from '../../workflows/plan';
import { answered, callOutcomes, conflicted, refusedAt, storedFirst } from '../../workflows/call-outcomes';
import { NEW_RECORD } from '../../machines/shared/new-record';
import { templateEditorMachine } from './templates.machine';
import type { TemplateEditorInput, TemplateForm } from './templates.types';

const DEFAULTS = defaultAccountSettings('product', 'app');
const TEMPLATE: Template = {
  id: 1,
  template_name: 'Research Desk',
  template_description: 'Desks',
  source: 'product_templates',
  template_settings: DEFAULTS,
  templatesettings_groups: ['Analysts'],
  created_by: 'admin',
  updated_by: 'admin',
  source_user: null,
  account_id: null,
  account_name: null,
  created_at: 0,
  updated_at: 0,
  version: 1,
  accounts: 0,
};
const PREVIEW: ApplyPreviewReply = {
  status: true,
  template: TEMPLATE,
  missing: [],
  accounts: [
    {
      account_id: 7,
      account_name: 'Northwind Capital',
      version: 0,
      changes: { 'account_settings.dd_limit': [100, 300] },
      groups_matched: [],
      groups_unmatched: ['Analysts'],
      following: null,
    },
  ],
};
export const PLAN_INPUT: TemplateEditorInput = { draft: null, defaults: { ...DEFAULTS, source: 'product_templates' } };

export const templateEditorPlan: MachinePlan<typeof templateEditorMachine> = {
  machine: templateEditorMachine,
  input: PLAN_INPUT,
  events: [
    { type: 'templates.retry' },
    { type: 'search.text', value: 'Research' },
    { type: 'search.submit' },
    { type: 'template.new' },
    { type: 'template.edit', id: 1 },
    { type: 'form.field', field: 'template_name', value: '  Research   Desk  B ' },
    { type: 'form.setting', object: 'account_settings', key: 'dd_limit', value: '300' },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'template.delete', id: 1 },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'template.apply', id: 1 },
    { type: 'apply.add', account: { id: 7, name: 'Northwind Capital' } },
    { type: 'apply.remove', id: 7 },
    { type: 'apply.preview' },
    { type: 'apply.back' },
    { type: 'apply.confirm' },
    { type: 'apply.close' },
  ],
  outcomes: [
    ...callOutcomes(
      'loadTemplates',
      {
        loaded: answered({
          status: true,
          msg: '',
          result: [TEMPLATE],
          sources: ['product_templates'],
          accounts_without_template: 12,
        }),
      },
      'loadFailed',
    ),
    ...callOutcomes(
      'saveTemplate',
      {
        saved: answered({ status: true, msg: "Template 'Research Desk B' saved.", template: TEMPLATE }),
        refused: refusedAt(
          { 'template_settings.account_settings.dd_limit': 'The DD limit must be greater than the OTD limit (20).' },
          'not valid',
        ),
        savedMeanwhile: storedFirst('Someone else saved this template.', { ...TEMPLATE, version: 2 }),
      },
      'saveFailed',
    ),
    ...callOutcomes(
      'removeTemplate',
      { removed: answered({ status: true, msg: "Template 'Research Desk' deleted.", unlinked: 0 }) },
      'removeFailed',
    ),
    ...callOutcomes('previewApply', { previewed: answered(PREVIEW) }, 'previewFailed'),
    ...callOutcomes(
      'applyTemplate',
      {
        applied: answered({
          status: true,
          msg: "Template 'Research Desk' applied to 1 account.",
          applied: 1,
          changed: 1,
          template: { ...TEMPLATE, accounts: 1 },
        }),
        changedMeanwhile: conflicted({
          msg: 'Nothing was applied: account Northwind Capital was changed since you looked at the changes.',
          conflict: 'accounts',
          accounts: [{ account_id: 7, account_name: 'Northwind Capital' }],
          template: null,
        }),
      },
      'applyFailed',
    ),
  ],
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.form?.id ?? null, (s.context.apply?.accounts.length ?? 0) > 0]),
  filterEvents: (s, e) => {
    // A new template cannot have been saved by someone else meanwhile.
    if (e.type === 'xstate.error.actor.saveTemplate' && s.context.form?.id === null) return e['error']?.status !== 409;
    if (e.type === 'delete.cancel' || e.type === 'apply.close') return !s.hasTag('busy');
    // Only a chosen account can be taken off the list.
    if (e.type === 'apply.remove') return (s.context.apply?.accounts.length ?? 0) > 0;
    return true;
  },
};

/** After a reload with a template form kept (decision 042): it opens again once the templates are read. */
export const PLAN_DRAFT: TemplateForm = {
  ...NEW_RECORD,
  template_name: 'Kept template',
  template_description: '',
  source: 'product_templates',
  source_user: '',
  groups: '',
  account_settings: DEFAULTS.account_settings,
  account_level_flags: DEFAULTS.account_level_flags,
  base: '[]',
};
export const templateEditorDraftPlan: MachinePlan<typeof templateEditorMachine> = {
  machine: templateEditorMachine,
  input: { ...PLAN_INPUT, draft: PLAN_DRAFT },
  events: [{ type: 'form.submit' }, { type: 'form.cancel' }],
  outcomes: templateEditorPlan.outcomes.filter((o) => ['loaded', 'saved'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, s.context.form !== null]),
};
