// The rejection reason being typed (decision 042): for one request (the request and the reason) or
// for a bulk rejection (the chosen requests with their versions, or all matching, and the reason),
// kept in the tab's sessionStorage so a reload opens the dialog again with the reason;
// `checkRequestsDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { REASON_MAX } from '../../../domain/broker-research';
import { BULK_MAX } from '../../../domain/broker-research-requests';
import type { RequestsDraft } from './requests.types';

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Typed = v.pipe(v.string(), v.minLength(1), v.maxLength(REASON_MAX));
const DraftSchema = v.variant('kind', [
  v.object({ kind: v.literal('request'), request: Id, reason: Typed }),
  v.object({
    kind: v.literal('bulk'),
    scope: v.picklist(['chosen', 'matching']),
    requests: v.pipe(v.array(v.object({ id: Id, version: v.pipe(v.number(), v.integer()) })), v.maxLength(BULK_MAX)),
    reason: Typed,
  }),
]);

export function checkRequestsDraft(value: unknown): RequestsDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The form a draft belongs to: one reason at a time in the tab. */
export const REQUESTS_DRAFT_FORM = 'research-request-reason';
