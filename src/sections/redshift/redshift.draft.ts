// The Redshift form's draft (decision 042): the settings on screen, what they started from and its
// version; `checkRedshiftDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { RedshiftConfiguration } from '../../domain/redshift';
import type { RedshiftDraft } from './redshift.types';

const DraftSchema = v.object({
  configuration: RedshiftConfiguration,
  version: v.number(),
  base: RedshiftConfiguration,
});

export function checkRedshiftDraft(value: unknown): RedshiftDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to. */
export const REDSHIFT_DRAFT_FORM = 'redshift';
