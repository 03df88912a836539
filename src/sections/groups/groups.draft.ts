// The group form's draft (decision 042): the organization, what was typed and the version a
// rename started from; `checkGroupDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { GROUP_KINDS } from '../../domain/groups';
import type { GroupDraft } from './groups.types';

const Kind = v.picklist(GROUP_KINDS);
const DraftSchema = v.object({
  org: v.object({ title: v.string(), org_id: v.number(), salesforceId: v.nullable(v.string()) }),
  form: v.object({
    id: v.nullable(v.number()),
    version: v.number(),
    name: v.string(),
    kind: Kind,
    base: v.object({ name: v.string(), kind: Kind }),
  }),
});

export function checkGroupDraft(value: unknown): GroupDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? (parsed.output as GroupDraft) : null;
}

export const GROUP_DRAFT_FORM = 'group';
