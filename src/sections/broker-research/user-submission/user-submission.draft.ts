// User Submission's kept rejection (decision 042): the submission and the reason typed;
// `checkRejectDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { REASON_MAX } from '../../../domain/broker-research';
import type { RejectDraft } from './user-submission.types';

const DraftSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  reason: v.pipe(v.string(), v.maxLength(REASON_MAX)),
});

export function checkRejectDraft(value: unknown): RejectDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The form a draft belongs to: one rejection at a time in the tab. */
export const REJECT_DRAFT_FORM = 'research-submission-reject';
