// The bulk tag upload's dry run (user/assign_tags_preview/, decision 045), sent as assign_tags/
// is (lists as JSON text in form fields); the assignment itself is tags.service's assignTags.
import * as v from 'valibot';
import { AssignTagsPreviewReply } from '../../domain/tags';
import { http, toFormData } from '../../services/http';

export async function previewTagAssignment(a: {
  tags: readonly number[];
  userIds: readonly string[];
}): Promise<AssignTagsPreviewReply> {
  const body = toFormData({ tags: JSON.stringify(a.tags), userIds: JSON.stringify(a.userIds) });
  return v.parse(AssignTagsPreviewReply, await http('/user/assign_tags_preview/', { method: 'POST', body }));
}
