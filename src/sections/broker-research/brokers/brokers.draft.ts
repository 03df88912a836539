// The Brokers tab's draft (decision 042): a user group form (new or changed from its version) of one
// broker; `checkGroupDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import type { GroupDraft } from './brokers.types';

const Values = v.object({ name: v.string(), description: v.string() });
const DraftSchema = v.object({
  broker: v.number(),
  group: v.nullable(v.number()),
  version: v.number(),
  values: Values,
  base: Values,
});

export function checkGroupDraft(value: unknown): GroupDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

export const GROUP_DRAFT_FORM = 'broker-user-group';
