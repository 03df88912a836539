// The tag calls of the user area (spec §7 "Organizations, tags"; decision 024): every tag with
// the user's own, Create Tag, and assigning tags to one user (the selector's auto-submit) or to
// many (Segments & Tags bulk upload, by email, username or id, with its dry run).
import type { Context } from 'hono';
import {
  ASSIGN_TAGS_MAX_BODY_BYTES,
  AssignTagsForm,
  AssignTagsPreviewForm,
  CreateTagForm,
  FetchTagsForm,
  type AssignTagsPreviewReply,
  type AssignTagsReply,
  type CreateTagReply,
  type FetchTagsReply,
} from '../../src/domain/tags';
import { badRequest, forbidden, noFeatureRefusal } from '../http/replies';
import { defineRoute, mayAccess } from '../routes';
import { countTagChanges } from '../users/tag-sets';
import { resolveIdentifiers } from '../users/selection';
import { visibleUser } from '../users/records';
import { assignTags, createTag, listTags, tagIdsOf, unknownTagIds, visibleUserIds } from '../users/tags';

const fetchUserTags = defineRoute({
  method: 'POST',
  path: '/user/fetch_user_tags/',
  access: 'user_mgmt',
  schema: FetchTagsForm,
  summary:
    'Every tag and tag group, and the tag ids of userId when given (none for an unknown id, or a deleted user without deleted_user).',
  async handler({ c, deps, input, session }) {
    const { tags, groups } = await listTags(deps.db);
    const userTags =
      input.userId !== '' && (await visibleUser(deps.db, input.userId, session.grants.features))
        ? await tagIdsOf(deps.db, input.userId)
        : [];
    const reply: FetchTagsReply = { status: true, msg: { tags, tag_groups: groups, user_tags: userTags } };
    return c.json(reply);
  },
});

const updateUserTags = defineRoute({
  method: 'POST',
  path: '/user/update_user_tags/',
  access: 'tags',
  schema: CreateTagForm,
  summary: 'Creates a tag (or tag group); names are unique per kind whatever their case.',
  async handler({ c, deps, now, input, session }) {
    const result = await createTag(
      deps.db,
      {
        kind: input.type,
        name: input.name,
        description: input.desc,
        color: input.color,
        parentId: input.parent_tag_id === '' ? null : input.parent_tag_id,
      },
      session.user.username,
      now,
    );
    const reply: CreateTagReply = result.ok
      ? { status: true, msg: `Tag '${result.tag.name}' created.`, tag: result.tag }
      : { status: false, msg: result.msg };
    return c.json(reply);
  },
});

const unknownTagsRefusal = (c: Context, unknown: number[]) =>
  badRequest(c, 'Some tags do not exist.', { tags: [`No tag has the id ${unknown.join(', ')}.`] });

const assignTagsRoute = defineRoute({
  method: 'POST',
  path: '/user/assign_tags/',
  bulk: 'tags_upload',
  access: 'tags',
  schema: AssignTagsForm,
  maxBody: ASSIGN_TAGS_MAX_BODY_BYTES,
  summary:
    "Gives users tags: 'overwrite' replaces their tags, '' adds; users by id, or (a bulk upload, which also needs the Upload tags in bulk permission) by email, username or id.",
  async handler({ c, deps, now, input, session }) {
    // A bulk upload is Segments & Tags' action (decision 045): the tags feature alone does not give it.
    if (input.updated_from === 'bulk_upload' && !mayAccess('bulk_upload_tags', session))
      return forbidden(c, noFeatureRefusal('bulk_upload_tags'));
    const unknown = await unknownTagIds(deps.db, input.tags);
    if (unknown.length > 0) return unknownTagsRefusal(c, unknown);
    let userIds: number[];
    let invalid: string[];
    if (input.updated_from === 'bulk_upload') {
      const resolution = await resolveIdentifiers(deps.db, input.userIds.map(String));
      userIds = resolution.matched.map((m) => m.id);
      invalid = resolution.unmatched;
    } else {
      const ids = input.userIds.filter((u): u is number => typeof u === 'number');
      // A deleted user is tagged only by a holder of deleted_user; to others it is an invalid user.
      const found = await visibleUserIds(deps.db, ids, session.grants.features);
      userIds = [...new Set(ids.filter((id) => found.has(id)))];
      invalid = input.userIds.filter((u) => typeof u !== 'number' || !found.has(u)).map(String);
    }
    const summary =
      userIds.length === 0
        ? null
        : await assignTags(deps.db, {
            tagIds: input.tags,
            userIds,
            mode: input.type === 'overwrite' ? 'overwrite' : 'add',
            bulkUpload: input.updated_from === 'bulk_upload',
            author: session.user.username,
            now,
          });
    // msg lists the users that matched nobody (spec §8 'Invalid Users:'); nothing matched, nothing done.
    const reply: AssignTagsReply = {
      status: summary !== null,
      msg: invalid,
      changed: summary?.changedUserIds.length ?? 0,
    };
    return c.json(reply);
  },
});

const assignTagsPreview = defineRoute({
  method: 'POST',
  path: '/user/assign_tags_preview/',
  access: 'bulk_upload_tags',
  schema: AssignTagsPreviewForm,
  maxBody: ASSIGN_TAGS_MAX_BODY_BYTES,
  summary:
    "A bulk tag upload's dry run: users matched, identifiers matching nobody, and how many users' tags Reset Tags and Add Tags would change.",
  async handler({ c, deps, input }) {
    const unknown = await unknownTagIds(deps.db, input.tags);
    if (unknown.length > 0) return unknownTagsRefusal(c, unknown);
    const { matched, unmatched } = await resolveIdentifiers(deps.db, input.userIds.map(String));
    const counts = await countTagChanges(
      deps.db,
      matched.map((m) => m.id),
      [...new Set(input.tags)],
    );
    const reply: AssignTagsPreviewReply = { status: true, matched: matched.length, unmatched, ...counts };
    return c.json(reply);
  },
});

export const userTagsRoutes = [fetchUserTags, updateUserTags, assignTagsRoute, assignTagsPreview];
