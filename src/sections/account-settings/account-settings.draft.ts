// The settings form's draft (decision 042): what was typed and ticked, and the version the edit
// started from; `checkAccountDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import type { AccountDraft } from './account-settings.types';

const Values = v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]));
const Part = { values: Values, groups: v.array(v.number()), templateId: v.nullable(v.number()) };
const DraftSchema = v.object({
  accountId: v.number(),
  accountName: v.string(),
  version: v.number(),
  ...Part,
  base: v.object(Part),
});

export function checkAccountDraft(value: unknown): AccountDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to: one open account form per staff member. */
export const ACCOUNT_DRAFT_FORM = 'account-settings';
