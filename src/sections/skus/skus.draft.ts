// The SKU form's draft (decision 042): what was typed and chosen, and the version an edit started
// from; `checkSkuDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import type { SkuDraft } from './skus.types';

const Fields = {
  code: v.string(),
  name: v.string(),
  description: v.string(),
  product_configuration: v.string(),
  data_plan: v.array(v.string()),
  defaults: v.record(v.string(), v.unknown()),
};
const DraftSchema = v.object({ id: v.nullable(v.number()), version: v.number(), ...Fields, base: v.object(Fields) });

export function checkSkuDraft(value: unknown): SkuDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to. */
export const SKU_DRAFT_FORM = 'sku';
