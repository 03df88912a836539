// Invite Request Users' kept approval (decision 042): the request and the settings chosen;
// `checkApproveDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import type { ApproveDraft } from './invite-requests.types';

const Short = v.pipe(v.string(), v.maxLength(254));
const DraftSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  settings: v.object({
    organization_id: Short,
    organization_name: Short,
    user_type: Short,
    user_category: Short,
    owner: Short,
    product_configuration: Short,
    data_plan: v.pipe(v.array(Short), v.maxLength(10)),
    expiry_dt: Short,
    send_invitation: v.boolean(),
  }),
});

export function checkApproveDraft(value: unknown): ApproveDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The form a draft belongs to: one approval at a time in the tab. */
export const APPROVE_DRAFT_FORM = 'invite-request-approve';
