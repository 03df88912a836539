// The template form's draft (decision 042): what was typed and ticked, and the version an edit
// started from; `checkTemplateDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import type { TemplateDraft } from './templates.types';

const DraftSchema = v.object({
  id: v.nullable(v.number()),
  version: v.number(),
  template_name: v.string(),
  template_description: v.string(),
  source: v.string(),
  source_user: v.string(),
  groups: v.string(),
  account_settings: v.record(v.string(), v.unknown()),
  account_level_flags: v.record(v.string(), v.unknown()),
  base: v.string(),
});

export function checkTemplateDraft(value: unknown): TemplateDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to. */
export const TEMPLATE_DRAFT_FORM = 'template';
