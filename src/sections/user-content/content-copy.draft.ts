// The copy dialog's kept draft (decision 042): the kind, the chosen items with their names, the
// users typed and the choice for clashes; `checkCopyDraft` reads a stored one back, refusing any
// other shape.
import * as v from 'valibot';
import {
  CLASH_RESOLUTIONS,
  CONTENT_KINDS,
  CONTENT_NAME_MAX,
  MAX_COPY_ITEMS,
  type ClashResolution,
  type ContentKind,
} from '../../domain/user-content';
import type { CopyItem } from './content-copy.types';

export interface CopyDraft {
  kind: ContentKind;
  items: CopyItem[];
  targets: string;
  on_clash: ClashResolution;
}

const DraftSchema = v.object({
  kind: v.picklist(CONTENT_KINDS),
  items: v.pipe(
    v.array(
      v.object({
        id: v.pipe(v.number(), v.integer(), v.minValue(1)),
        name: v.pipe(v.string(), v.maxLength(CONTENT_NAME_MAX)),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_COPY_ITEMS),
  ),
  targets: v.pipe(v.string(), v.maxLength(30_000)),
  on_clash: v.picklist(CLASH_RESOLUTIONS),
});

export function checkCopyDraft(value: unknown): CopyDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The form a draft belongs to; its record is the user whose content is copied. */
export const COPY_DRAFT_FORM = 'user-content-copy';
