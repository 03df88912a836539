// The Control Panel's draft (decision 042): each changed distributor's flags, what they started
// from and its version; `checkFlagsDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { ResearchFlagsSchema } from '../../../domain/broker-research';
import type { FlagsDraft } from './control-panel.types';

const DraftSchema = v.record(
  v.string(),
  v.object({ flags: ResearchFlagsSchema, base: ResearchFlagsSchema, version: v.number() }),
);

export function checkFlagsDraft(value: unknown): FlagsDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record a draft belongs to. */
export const FLAGS_DRAFT_FORM = 'broker-research-flags';
