// The domain mapping form's draft (decision 042): the form on screen, what it started from and the
// version it was read at; `checkDomainDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { DomainBroker } from '../../../domain/broker-research-domain-mappings';
import type { DomainDraft } from './domain-mappings.types';

const Values = v.object({ domain: v.pipe(v.string(), v.maxLength(300)), broker: v.nullable(DomainBroker) });
const DraftSchema = v.object({
  mode: v.picklist(['add', 'edit']),
  id: v.nullable(v.number()),
  version: v.number(),
  values: Values,
  base: Values,
});

export function checkDomainDraft(value: unknown): DomainDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to: one form at a time in this tab. */
export const DOMAIN_DRAFT_FORM = 'broker-domain-mapping';
