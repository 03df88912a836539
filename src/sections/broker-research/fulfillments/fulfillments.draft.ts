// FulFillments' kept ending (decision 042): the fulfillment and the reason typed;
// `checkEndDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { REASON_MAX } from '../../../domain/broker-research';
import type { EndDraft } from './fulfillments.types';

const DraftSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  reason: v.pipe(v.string(), v.maxLength(REASON_MAX)),
});

export function checkEndDraft(value: unknown): EndDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The form a draft belongs to: one ending at a time in the tab. */
export const END_DRAFT_FORM = 'research-fulfillment-end';
