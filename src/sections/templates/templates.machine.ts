// Template Settings (/template_settings, decision 052): the templates with how many accounts
// follow each, searched by name or description. A template is created or changed in a form (name,
// description, source, every account setting) from the version it was read at: the server's
// refusal stands at its field, a change someone saved first is said and the next save starts from
// theirs. Deleting asks first. Applying a template: accounts are chosen, the dry run says what
// changes on each, the person confirms, and everything is applied at once — or, when an account
// changed since the dry run, nothing is, and the person looks at the changes again.
import { assign, fromPromise, setup } from 'xstate';
import { templateConflictOf, type ApplyPreviewReply, type ApplyReply, type Template } from '../../domain/templates';
import { callStates } from '../../machines/shared/call-state';
import { noticeOf } from '../../machines/shared/notice';
import {
  aboveTheForm,
  failedTextOf,
  meanwhileOf,
  refusedFields,
  refusedSaveOf,
} from '../../machines/shared/save-outcome';
import { listLoad } from '../../machines/shared/versioned-form.load';
import {
  CLOSED_FORM,
  conflictIs,
  editedField,
  versionedForm,
  withoutErrors,
} from '../../machines/shared/versioned-form';
import type {
  LoadOutcome,
  SaveOutcome,
  TemplateEditorContext,
  TemplateEditorEvent,
  TemplateEditorInput,
  TemplateForm,
} from './templates.types';
import { errorOf } from '../../machines/shared/failure';

/** The request fields the form shows at their controls; the settings' own are `template_settings.…`. */
const FORM_FIELDS = [
  'template_name',
  'template_description',
  'source',
  'source_user',
  'templatesettings_groups',
] as const;
const isFormField = (key: string) =>
  (FORM_FIELDS as readonly string[]).includes(key) || key.startsWith('template_settings.');

const baseOf = (f: Omit<TemplateForm, 'base' | 'id' | 'version'>) =>
  JSON.stringify([
    f.template_name,
    f.template_description,
    f.source,
    f.source_user,
    f.groups,
    f.account_settings,
    f.account_level_flags,
  ]);

function formOf(t: Template): TemplateForm {
  const fields = {
    template_name: t.template_name,
    template_description: t.template_description,
    source: t.source,
    source_user: t.source_user ?? '',
    groups: t.templatesettings_groups.join('\n'),
    account_settings: t.template_settings.account_settings,
    account_level_flags: t.template_settings.account_level_flags,
  };
  return { id: t.id, version: t.version, ...fields, base: baseOf(fields) };
}

function newForm(context: TemplateEditorContext): TemplateForm {
  const fields = {
    template_name: '',
    template_description: '',
    source: context.sources[0] ?? context.defaults.source,
    source_user: '',
    groups: '',
    account_settings: context.defaults.account_settings,
    account_level_flags: context.defaults.account_level_flags,
  };
  return { id: null, version: 0, ...fields, base: baseOf(fields) };
}

/** The form differs from what it opened with. */
export const formChanged = (f: TemplateForm | null) => f !== null && baseOf(f) !== f.base;

const find = (context: TemplateEditorContext, id: number) => context.templates.find((t) => t.id === id) ?? null;
const errorText = failedTextOf(templateConflictOf);

export interface ApplyInput {
  templateId: number;
  templateVersion: number;
  accounts: { account_id: number; version: number }[];
}

const templateEditorSetup = setup({
  types: { context: {} as TemplateEditorContext, events: {} as TemplateEditorEvent, input: {} as TemplateEditorInput },
  actors: {
    loadTemplates: fromPromise<LoadOutcome, { query: string }>(() =>
      Promise.reject(new Error('provide loadTemplates')),
    ),
    saveTemplate: fromPromise<SaveOutcome, TemplateForm>(() => Promise.reject(new Error('provide saveTemplate'))),
    removeTemplate: fromPromise<unknown, { id: number; version: number }>(() =>
      Promise.reject(new Error('provide removeTemplate')),
    ),
    previewApply: fromPromise<ApplyPreviewReply, { templateId: number; accountIds: number[] }>(() =>
      Promise.reject(new Error('provide previewApply')),
    ),
    applyTemplate: fromPromise<ApplyReply, ApplyInput>(() => Promise.reject(new Error('provide applyTemplate'))),
  },
  guards: {
    formOpen: ({ context }) => context.form !== null,
    listedTemplate: ({ context, event }) => 'id' in event && find(context, event.id) !== null,
    hasAccounts: ({ context }) => (context.apply?.accounts.length ?? 0) > 0,
    refusedFields,
    stale: conflictIs(templateConflictOf, 'stale'),
    applyConflict: conflictIs(templateConflictOf, 'conflict'),
  },
  actions: {
    storeList: assign(({ context, event }) => {
      const reply = (event as unknown as { output: LoadOutcome }).output;
      return {
        templates: reply.result,
        sources: reply.sources,
        accountsWithoutTemplate: reply.accounts_without_template,
        error: null,
        searched: context.query,
      };
    }),
    editField: assign(({ context, event }) => {
      const form = context.form;
      if (!form) return {};
      const drop = (match: (key: string) => boolean) => withoutErrors(context.serverErrors, match);
      if (event.type === 'form.field') {
        const key = event.field === 'groups' ? 'templatesettings_groups' : event.field;
        return editedField(context, event.field, event.value, (k) => k === key);
      }
      if (event.type === 'form.setting') {
        const prefix = `template_settings.${event.object}.${event.key}`;
        // dd_limit's error is about otd_limit too: either edit clears it.
        const related = event.key === 'otd_limit' ? `template_settings.${event.object}.dd_limit` : prefix;
        return {
          form: { ...form, [event.object]: { ...form[event.object], [event.key]: event.value } },
          serverErrors: drop((k) => k === prefix || k.startsWith(`${prefix}.`) || k === related),
        };
      }
      return {};
    }),
    closeForm: assign(CLOSED_FORM),
  },
});

const calling = callStates(templateEditorSetup);

export const templateEditorMachine = templateEditorSetup.createMachine({
  id: 'templateEditor',
  context: ({ input }) => ({
    defaults: input.defaults,
    templates: [],
    sources: [],
    accountsWithoutTemplate: null,
    query: input.query ?? '',
    searched: '',
    form: input.draft,
    serverErrors: {},
    formError: null,
    target: null,
    apply: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    ...listLoad<TemplateEditorContext, TemplateEditorEvent>()({
      load: 'loadTemplates',
      input: (context) => ({ query: context.query.trim() }),
      retry: 'templates.retry',
    }),
    listed: {
      tags: ['listed'],
      on: {
        'search.text': { actions: assign({ query: ({ event }) => event.value }) },
        'search.submit': { target: 'loading', actions: assign({ notice: null }) },
        'template.new': {
          target: 'form',
          actions: assign(({ context }) => ({ form: newForm(context), notice: null })),
        },
        'template.edit': {
          guard: 'listedTemplate',
          target: 'form',
          actions: assign(({ context, event }) => ({ form: formOf(find(context, event.id)!), notice: null })),
        },
        'template.delete': {
          guard: 'listedTemplate',
          target: 'deleting',
          actions: assign(({ context, event }) => ({ target: find(context, event.id), error: null, notice: null })),
        },
        'template.apply': {
          guard: 'listedTemplate',
          target: 'applying',
          actions: assign(({ context, event }) => ({
            apply: { template: find(context, event.id)!, accounts: [], preview: null, outcome: null },
            error: null,
            notice: null,
          })),
        },
      },
    },
    form: versionedForm<TemplateEditorContext, TemplateEditorEvent>()({
      edits: ['form.field', 'form.setting'],
      cancel: '#templateEditor.listed',
      save: 'saveTemplate',
      saved: '#templateEditor.loading',
      refused: (error) => {
        const refused = refusedSaveOf(error, isFormField);
        const count = Object.keys(refused.serverErrors).length;
        return {
          serverErrors: refused.serverErrors,
          formError: refused.rest.length
            ? aboveTheForm(refused)
            : count > 1
              ? `${count} fields are not valid; each says why.`
              : null,
        };
      },
      // Someone else saved (or deleted) it first: said, and the next save starts from what is stored now.
      meanwhile: meanwhileOf(templateConflictOf),
      failed: (error) => errorText(error, 'The template was not saved.'),
    }),
    deleting: {
      tags: ['dialog'],
      initial: 'confirm',
      on: { 'delete.cancel': { target: 'listed', actions: assign({ target: null, error: null }) } },
      states: {
        confirm: { on: { 'delete.confirm': 'removing' } },
        removing: calling('removeTemplate', {
          input: ({ context }) => ({ id: context.target!.id, version: context.target!.version }),
          onDone: {
            target: '#templateEditor.loading',
            actions: assign(({ event }) => ({
              notice: noticeOf(true, (event.output as { msg: string }).msg),
              target: null,
            })),
          },
          onError: {
            target: 'confirm',
            actions: assign({ error: ({ event }) => errorText(event.error, 'The template was not deleted.') }),
          },
        }),
      },
    },
    applying: {
      tags: ['dialog'],
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'apply.add': {
              actions: assign(({ context, event }) => {
                const apply = context.apply!;
                if (apply.accounts.some((a) => a.id === event.account.id)) return {};
                return {
                  apply: { ...apply, accounts: [...apply.accounts, event.account], preview: null },
                  error: null,
                };
              }),
            },
            'apply.remove': {
              actions: assign(({ context, event }) => ({
                apply: {
                  ...context.apply!,
                  accounts: context.apply!.accounts.filter((a) => a.id !== event.id),
                  preview: null,
                },
              })),
            },
            'apply.preview': { guard: 'hasAccounts', target: 'previewing', actions: assign({ error: null }) },
            'apply.close': { target: '#templateEditor.listed', actions: assign({ apply: null, error: null }) },
          },
        },
        previewing: calling('previewApply', {
          input: ({ context }) => ({
            templateId: context.apply!.template.id,
            accountIds: context.apply!.accounts.map((a) => a.id),
          }),
          onDone: {
            target: 'reviewing',
            actions: assign(({ context, event }) => ({
              apply: { ...context.apply!, template: event.output.template, preview: event.output },
            })),
          },
          onError: {
            target: 'choosing',
            actions: assign({ error: ({ event }) => errorText(event.error, 'The changes could not be worked out.') }),
          },
        }),
        reviewing: {
          on: {
            'apply.confirm': { target: 'applying', actions: assign({ error: null }) },
            'apply.back': {
              target: 'choosing',
              actions: assign(({ context }) => ({ apply: { ...context.apply!, preview: null }, error: null })),
            },
            'apply.close': { target: '#templateEditor.listed', actions: assign({ apply: null, error: null }) },
          },
        },
        applying: calling('applyTemplate', {
          input: ({ context }) => ({
            templateId: context.apply!.template.id,
            templateVersion: context.apply!.template.version,
            accounts: context.apply!.preview!.accounts.map((a) => ({ account_id: a.account_id, version: a.version })),
          }),
          onDone: {
            target: 'done',
            actions: assign(({ context, event }) => ({ apply: { ...context.apply!, outcome: event.output } })),
          },
          onError: [
            {
              // Something changed since the dry run: nothing was written; the changes are worked out again.
              guard: { type: 'applyConflict', params: errorOf },
              target: 'choosing',
              actions: assign(({ context, event }) => ({
                error: templateConflictOf(event.error)!.msg,
                apply: { ...context.apply!, preview: null },
              })),
            },
            {
              target: 'reviewing',
              actions: assign({ error: ({ event }) => errorText(event.error, 'Nothing was applied.') }),
            },
          ],
        }),
        done: {
          on: {
            'apply.close': {
              target: '#templateEditor.loading',
              actions: assign(({ context }) => ({
                notice: noticeOf(true, context.apply!.outcome!.msg),
                apply: null,
                error: null,
              })),
            },
          },
        },
      },
    },
  },
});
