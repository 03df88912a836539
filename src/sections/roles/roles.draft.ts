// The role form's draft (decision 042): what was typed and ticked, and the version an edit
// started from; `checkRoleDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import type { RoleDraft } from './roles.types';

const Fields = { name: v.string(), description: v.string(), features: v.array(v.string()) };
const DraftSchema = v.object({ id: v.nullable(v.number()), version: v.number(), ...Fields, base: v.object(Fields) });

export function checkRoleDraft(value: unknown): RoleDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to. */
export const ROLE_DRAFT_FORM = 'role';
