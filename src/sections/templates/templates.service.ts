// The Template Settings calls (decision 052): plain functions, every reply parsed by its
// src/domain schema. Objects and lists travel as JSON text in form fields; a refused change
// answers 409, which the machine reads by shape (templateConflictOf).
import * as v from 'valibot';
import {
  ApplyPreviewReply,
  ApplyReply,
  DeleteTemplateReply,
  TemplateListReply,
  TemplateReply,
} from '../../domain/templates';
import { http, toFormData } from '../../services/http';

export interface TemplateFields {
  template_name: string;
  template_description: string;
  source: string;
  account_settings: Record<string, unknown>;
  account_level_flags: Record<string, unknown>;
  groups: readonly string[];
  source_user: string;
}

export async function fetchTemplates(query: string): Promise<TemplateListReply> {
  const params = new URLSearchParams({ stats: 'true', ...(query ? { query } : {}) });
  return v.parse(TemplateListReply, await http(`/api/ts/?${params.toString()}`));
}

const fieldsOf = (f: TemplateFields) =>
  toFormData({
    template_name: f.template_name,
    template_description: f.template_description,
    source: f.source,
    template_settings: JSON.stringify({
      account_settings: f.account_settings,
      account_level_flags: f.account_level_flags,
    }),
    templatesettings_groups: JSON.stringify(f.groups),
    source_user: f.source_user,
  });

export async function createTemplate(fields: TemplateFields): Promise<TemplateReply> {
  return v.parse(TemplateReply, await http('/api/ts/', { method: 'POST', body: fieldsOf(fields) }));
}

export async function updateTemplate(id: number, version: number, fields: TemplateFields): Promise<TemplateReply> {
  const body = fieldsOf(fields);
  body.append('version', String(version));
  return v.parse(TemplateReply, await http(`/api/ts/?template_id=${id}`, { method: 'PUT', body }));
}

export async function deleteTemplate(id: number, version: number): Promise<v.InferOutput<typeof DeleteTemplateReply>> {
  return v.parse(
    DeleteTemplateReply,
    await http(`/api/ts/${id}/?version=${version}`, { method: 'DELETE', body: toFormData({}) }),
  );
}

export async function previewApply(templateId: number, accountIds: readonly number[]): Promise<ApplyPreviewReply> {
  return v.parse(
    ApplyPreviewReply,
    await http('/api/ts/apply_preview/', {
      method: 'POST',
      body: toFormData({ template_id: String(templateId), account_ids: JSON.stringify(accountIds) }),
    }),
  );
}

export async function applyTemplate(
  templateId: number,
  templateVersion: number,
  accounts: readonly { account_id: number; version: number }[],
): Promise<ApplyReply> {
  return v.parse(
    ApplyReply,
    await http('/api/ts/apply/', {
      method: 'POST',
      body: toFormData({
        template_id: String(templateId),
        template_version: String(templateVersion),
        accounts: JSON.stringify(accounts),
      }),
    }),
  );
}
