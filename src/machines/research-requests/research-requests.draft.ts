// The rejection reason being typed for one request (decision 042): the request and the reason, kept
// in the tab's sessionStorage so a reload opens the request again with its dialog and the reason;
// `checkRequestsDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { REASON_MAX } from '../../domain/broker-research';
import type { RequestsDraft } from './research-requests.types';

const DraftSchema = v.object({ request: v.pipe(v.number(), v.integer(), v.minValue(1)), reason: v.pipe(v.string(), v.minLength(1), v.maxLength(REASON_MAX)) });

export function checkRequestsDraft(value: unknown): RequestsDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The form a draft belongs to: one reason at a time in the tab. */
export const REQUESTS_DRAFT_FORM = 'research-request-reason';
