// The Notebook tab's kept choices (decision 042): the parts changed and not saved;
// `checkNotebookDraft` reads a stored one back, refusing any other shape.
import * as v from 'valibot';
import { MAX_NOTEBOOK_TAGS, MAX_USER_NOTE_TEMPLATES, NotificationSetting } from '../../domain/notebook';
import type { NotebookDraft } from './notebook.types';

const Ids = (max: number) => v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(max));
const DraftSchema = v.object({
  notification: v.optional(NotificationSetting),
  template_ids: v.optional(Ids(MAX_USER_NOTE_TEMPLATES)),
  tag_ids: v.optional(Ids(MAX_NOTEBOOK_TAGS)),
});

export function checkNotebookDraft(value: unknown): NotebookDraft | null {
  const parsed = v.safeParse(DraftSchema, value);
  if (!parsed.success) return null;
  const draft: NotebookDraft = {};
  if (parsed.output.notification) draft.notification = parsed.output.notification;
  if (parsed.output.template_ids) draft.template_ids = parsed.output.template_ids;
  if (parsed.output.tag_ids) draft.tag_ids = parsed.output.tag_ids;
  return draft;
}

/** The form a draft belongs to; its record is the user's id. */
export const NOTEBOOK_DRAFT_FORM = 'user-notebook';
