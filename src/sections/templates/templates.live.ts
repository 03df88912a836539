// The real services of Template Settings' machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import {
  applyTemplate,
  createTemplate,
  deleteTemplate,
  fetchTemplates,
  previewApply,
  updateTemplate,
  type TemplateFields,
} from './templates.service';
import { templateEditorMachine } from './templates.machine';
import type { TemplateForm } from './templates.types';

const fieldsOf = (f: TemplateForm): TemplateFields => ({
  template_name: f.template_name,
  template_description: f.template_description,
  source: f.source,
  source_user: f.source_user,
  groups: f.groups
    .split('\n')
    .map((g) => g.trim())
    .filter(Boolean),
  account_settings: f.account_settings,
  account_level_flags: f.account_level_flags,
});

export const liveTemplateEditorMachine = templateEditorMachine.provide({
  actors: {
    loadTemplates: fromPromise(({ input }) => fetchTemplates(input.query)),
    saveTemplate: fromPromise(({ input }) =>
      input.id === null ? createTemplate(fieldsOf(input)) : updateTemplate(input.id, input.version, fieldsOf(input)),
    ),
    removeTemplate: fromPromise(({ input }) => deleteTemplate(input.id, input.version)),
    previewApply: fromPromise(({ input }) => previewApply(input.templateId, input.accountIds)),
    applyTemplate: fromPromise(({ input }) => applyTemplate(input.templateId, input.templateVersion, input.accounts)),
  },
});
