// Template Settings' machine (templateEditor): what it is given, holds and hears.
import type { ApplyPreviewReply, ApplyReply, Template, TemplateListReply, TemplateReply } from '../../domain/templates';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent, ValueEvent } from '../../machines/shared/payload-event.types';

/** The template form: a new template (id null) or a change to one, from the version it was read at. */
export interface TemplateForm {
  id: number | null;
  /** The version the edit started from (0 for a new template). */
  version: number;
  template_name: string;
  template_description: string;
  source: string;
  source_user: string;
  /** Group names, one per line as typed. */
  groups: string;
  account_settings: Record<string, unknown>;
  account_level_flags: Record<string, unknown>;
  /** What the form held when it opened (JSON), to tell whether it changed. */
  base: string;
}

/** What is kept of an open form across a reload (decision 042). */
export type TemplateDraft = TemplateForm;

export interface TemplateEditorInput {
  /** A form kept from before a reload: it opens again once the templates are read. */
  draft: TemplateDraft | null;
  /** What a new template starts from: spec §9's account defaults, and the first source this person may use. */
  defaults: { account_settings: Record<string, unknown>; account_level_flags: Record<string, unknown>; source: string };
  /** The search the address names: the first read is searched for it. */
  query?: string;
}

export interface ApplyAccount {
  id: number;
  name: string;
}

export interface ApplyState {
  template: Template;
  accounts: ApplyAccount[];
  preview: ApplyPreviewReply | null;
  outcome: ApplyReply | null;
}

export interface TemplateEditorContext {
  defaults: TemplateEditorInput['defaults'];
  templates: Template[];
  /** The sources this person may choose (the server says). */
  sources: string[];
  accountsWithoutTemplate: number | null;
  /** The search box, and what the list on screen was searched for. */
  query: string;
  searched: string;
  form: TemplateForm | null;
  /** The server's refusal at each field of the form (template_name, template_settings.account_settings.dd_limit …), until it changes. */
  serverErrors: Record<string, string>;
  /** Why the last save did not happen, above the form. */
  formError: string | null;
  /** The template being deleted. */
  target: Template | null;
  apply: ApplyState | null;
  /** Why loading, deleting or applying failed, or what the server refused. */
  error: string | null;
  /** What the last change did. */
  notice: Notice | null;
}

export type TemplateEditorEvent =
  | BareEvent<'templates.retry' | 'search.submit' | 'template.new' | 'form.submit' | 'form.cancel'>
  | BareEvent<'delete.confirm' | 'delete.cancel'>
  | BareEvent<'apply.preview' | 'apply.back' | 'apply.confirm' | 'apply.close'>
  | ValueEvent<'search.text'>
  | IdEvent<'template.edit' | 'template.delete' | 'template.apply' | 'apply.remove'>
  | {
      type: 'form.field';
      field: 'template_name' | 'template_description' | 'source' | 'source_user' | 'groups';
      value: string;
    }
  | { type: 'form.setting'; object: 'account_settings' | 'account_level_flags'; key: string; value: unknown }
  | { type: 'apply.add'; account: ApplyAccount };

export type LoadOutcome = TemplateListReply;
export type SaveOutcome = TemplateReply;
