// Broker Details' draft (decision 042): the open form of one broker's record, what it started from
// and the broker version it edits; `checkDetailsDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { MifidStatusSchema } from '../../../domain/broker-research-brokers';
import type { DetailsDraft } from './broker-details.types';

const Values = v.variant('kind', [
  v.object({ kind: v.literal('mifid'), mifid_status: MifidStatusSchema }),
  v.object({
    kind: v.literal('contact'),
    contact: v.nullable(v.number()),
    name: v.string(),
    email: v.string(),
    phone: v.string(),
    region: v.string(),
  }),
  v.object({ kind: v.literal('link'), linked: v.nullable(v.object({ id: v.number(), name: v.string() })) }),
  v.object({ kind: v.literal('distributor'), dist: v.string(), code: v.string(), active: v.boolean() }),
]);
const DraftSchema = v.object({ broker: v.number(), version: v.number(), values: Values, base: Values });

export function checkDetailsDraft(value: unknown): DetailsDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to: one form at a time in this tab. */
export const DETAILS_DRAFT_FORM = 'broker-details';
