// What of the edit form is kept as a draft (decision 042): the edits, with the record as it was
// opened, so a draft restored over a record someone saved meanwhile still names the version it
// started from and the save meets the stale-save check (a conflict, then the review) instead of
// silently undoing the other save. Passwords are never kept.
import * as v from 'valibot';
import { UserRecord } from '../../domain/users';
import { changedKeys, type EditDraft } from './user-edit.form';
import type { KeptEdit, UserEditContext } from './user-edit.types';

const EditDraftSchema = v.object({
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  username: v.string(),
  phone: v.string(),
  organization: v.nullable(v.object({ title: v.string(), org_id: v.number(), salesforceId: v.nullable(v.string()) })),
  user_type: v.string(),
  user_category: v.string(),
  user_role: v.string(),
  owner: v.string(),
  product_configuration: v.string(),
  data_plan: v.array(v.string()),
  expiry_dt: v.string(),
  active: v.boolean(),
  deleted: v.boolean(),
  is_account_admin: v.boolean(),
  startup_screen: v.string(),
  subscription_status: v.string(),
  sf_contact_id: v.string(),
  flags: v.record(v.string(), v.union([v.boolean(), v.string()])),
  staff_roles: v.array(v.number()),
  password: v.literal(''),
});
const KeptEditSchema = v.object({
  base: UserRecord,
  draft: EditDraftSchema,
  orgDecision: v.nullable(v.literal('different')),
});

export function checkKeptEdit(value: unknown): KeptEdit | null {
  const parsed = v.safeParse(KeptEditSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The edits to keep now; null when the form holds none (nothing changed, saved, or discarded). */
export function keptEditOf(c: UserEditContext): KeptEdit | null {
  if (!c.base || !c.draft || changedKeys(c.product, c.base, c.draft).length === 0) return null;
  return { base: c.base, draft: { ...c.draft, password: '' }, orgDecision: c.orgDecision };
}

/**
 * The form a load opens with: the kept edits over the record as loaded when nobody saved it
 * since; otherwise over the record they started from, so the save names that version.
 */
export function openWith(
  loaded: UserRecord,
  kept: KeptEdit | null | undefined,
): Pick<KeptEdit, 'base' | 'orgDecision'> & { draft: EditDraft | null } {
  if (!kept || kept.base.id !== loaded.id) return { base: loaded, draft: null, orgDecision: null };
  return {
    base: kept.base.version === loaded.version ? loaded : kept.base,
    draft: kept.draft,
    orgDecision: kept.orgDecision,
  };
}
