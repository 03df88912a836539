// The segment form's draft (decision 042): what was typed, the query it saves and the version a
// rename started from; `checkSegmentDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { SegmentQuery } from '../../domain/segments';
import type { SegmentDraft } from './segments.types';

const DraftSchema = v.object({
  id: v.nullable(v.number()),
  version: v.number(),
  name: v.string(),
  description: v.string(),
  query: SegmentQuery,
  base: v.object({ name: v.string(), description: v.string() }),
});

export function checkSegmentDraft(value: unknown): SegmentDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to: the segment's id, or 'new'. */
export const SEGMENT_DRAFT_FORM = 'segment';
