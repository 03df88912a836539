// The tag calls of spec §7 (fetch_user_tags/, update_user_tags/, assign_tags/). Lists travel as
// JSON text in one form field; every reply is parsed by its src/domain schema.
import * as v from 'valibot';
import { AssignTagsReply, CreateTagReply, FetchTagsReply, type NewTag } from '../../domain/tags';
import { http, toFormData } from '../../services/http';

export async function fetchTags(userId: number | null): Promise<FetchTagsReply> {
  const body = toFormData({ userId: userId === null ? undefined : String(userId) });
  return v.parse(FetchTagsReply, await http('/user/fetch_user_tags/', { method: 'POST', body }));
}

/** update_user_tags/ with action create: a normal tag. */
export async function createTag(tag: NewTag): Promise<CreateTagReply> {
  const body = toFormData({
    action: 'create',
    type: 'normal',
    name: tag.name,
    desc: tag.description,
    color: tag.color,
    parent_tag_id: tag.groupId === null ? '' : String(tag.groupId),
  });
  return v.parse(CreateTagReply, await http('/user/update_user_tags/', { method: 'POST', body }));
}

export interface TagAssignment {
  tags: readonly number[];
  userIds: readonly (number | string)[];
  /** 'overwrite' replaces each user's tags; '' adds to them. */
  type: 'overwrite' | '';
  updatedFrom?: 'bulk_upload' | '';
}

export async function assignTags(a: TagAssignment): Promise<AssignTagsReply> {
  const body = toFormData({
    tags: JSON.stringify(a.tags),
    userIds: JSON.stringify(a.userIds),
    type: a.type,
    updated_from: a.updatedFrom ?? '',
  });
  return v.parse(AssignTagsReply, await http('/user/assign_tags/', { method: 'POST', body }));
}
