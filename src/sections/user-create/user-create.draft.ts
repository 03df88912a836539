// What of the create form is kept as a draft (decision 042): both steps as typed, not the server's
// answers. The page stores it (src/services/drafts.ts) and hands it back as the machine's input
// after a reload or a return; `checkCreateDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { isBlank, initialAccount } from './user-create.form';
import type { CreateDraft, Person, UserCreateContext } from './user-create.types';

const PersonSchema = v.object({
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  username: v.string(),
  password: v.string(),
  phone: v.string(),
});
const CreateDraftSchema = v.object({
  account: v.object({
    org: v.nullable(v.object({ title: v.string(), org_id: v.number(), salesforceId: v.nullable(v.string()) })),
    user_type: v.string(),
    user_category: v.string(),
    owner: v.string(),
    product_configuration: v.string(),
    data_plan: v.array(v.string()),
    expiry_dt: v.string(),
    startup_screen: v.string(),
    flags: v.record(v.string(), v.boolean()),
  }),
  expiryChosen: v.boolean(),
  mode: v.picklist(['single', 'bulk']),
  single: PersonSchema,
  rows: v.pipe(v.array(PersonSchema), v.minLength(1)),
  sendEmail: v.boolean(),
});

export function checkCreateDraft(value: unknown): CreateDraft | null {
  const parsed = v.safeParse(CreateDraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/**
 * The draft to keep for this form, or null when there is nothing to keep: the form is as it
 * opened, or its users were created. Passwords are never kept.
 */
export function createDraftOf(c: UserCreateContext, created: boolean): CreateDraft | null {
  if (created) return null;
  const noPassword = (p: Person): Person => ({ ...p, password: '' });
  const draft: CreateDraft = {
    account: c.account,
    expiryChosen: c.expiryChosen,
    mode: c.mode,
    single: noPassword(c.single),
    rows: c.rows.map(noPassword),
    sendEmail: c.sendEmail,
  };
  const pristine =
    JSON.stringify(c.account) === JSON.stringify(initialAccount(c.product, c.today)) &&
    isBlank(c.single) &&
    c.rows.every(isBlank);
  return pristine ? null : draft;
}
