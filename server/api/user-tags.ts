// The tag calls of the user area (spec §7 "Organizations, tags"; decision 024): every tag with
// the user's own, Create Tag, and assigning tags to one user (the selector's auto-submit) or to
// many (Segments & Tags bulk upload, by email, username or id).
import { AssignTagsForm, CreateTagForm, FetchTagsForm, type AssignTagsReply, type CreateTagReply, type FetchTagsReply } from '../../src/domain/tags';
import { badRequest } from '../http/replies';
import { defineRoute } from '../routes';
import { resolveIdentifiers } from '../users/selection';
import { assignTags, createTag, existingUserIds, listTags, tagIdsOf, unknownTagIds } from '../users/tags';

const fetchUserTags = defineRoute({
  method: 'POST', path: '/user/fetch_user_tags/', access: 'user_mgmt', schema: FetchTagsForm,
  summary: 'Every tag and tag group, and the tag ids of userId when given.',
  async handler({ c, deps, input }) {
    const { tags, groups } = await listTags(deps.db);
    const userTags = input.userId === '' ? [] : await tagIdsOf(deps.db, input.userId);
    const reply: FetchTagsReply = { status: true, msg: { tags, tag_groups: groups, user_tags: userTags } };
    return c.json(reply);
  },
});

const updateUserTags = defineRoute({
  method: 'POST', path: '/user/update_user_tags/', access: 'tags', schema: CreateTagForm,
  summary: 'Creates a tag (or tag group); names are unique per kind whatever their case.',
  async handler({ c, deps, now, input, session }) {
    const result = await createTag(deps.db, {
      kind: input.type, name: input.name, description: input.desc, color: input.color,
      parentId: input.parent_tag_id === '' ? null : input.parent_tag_id,
    }, session.user.username, now);
    const reply: CreateTagReply = result.ok
      ? { status: true, msg: `Tag '${result.tag.name}' created.`, tag: result.tag }
      : { status: false, msg: result.msg };
    return c.json(reply);
  },
});

const assignTagsRoute = defineRoute({
  method: 'POST', path: '/user/assign_tags/', access: 'tags', schema: AssignTagsForm,
  summary: "Gives users tags: 'overwrite' replaces their tags, '' adds; users by id, or (bulk upload) by email, username or id.",
  async handler({ c, deps, now, input, session }) {
    const unknown = await unknownTagIds(deps.db, input.tags);
    if (unknown.length > 0) {
      return badRequest(c, 'Some tags do not exist.', { tags: [`No tag has the id ${unknown.join(', ')}.`] });
    }
    let userIds: number[];
    let invalid: string[];
    if (input.updated_from === 'bulk_upload') {
      const resolution = await resolveIdentifiers(deps.db, input.userIds.map(String));
      userIds = resolution.matched.map((m) => m.id);
      invalid = resolution.unmatched;
    } else {
      const ids = input.userIds.filter((u): u is number => typeof u === 'number');
      const found = await existingUserIds(deps.db, ids);
      userIds = [...new Set(ids.filter((id) => found.has(id)))];
      invalid = input.userIds.filter((u) => typeof u !== 'number' || !found.has(u)).map(String);
    }
    if (userIds.length > 0) {
      await assignTags(deps.db, {
        tagIds: input.tags, userIds, mode: input.type === 'overwrite' ? 'overwrite' : 'add', bulkUpload: input.updated_from === 'bulk_upload',
        author: session.user.username, now,
      });
    }
    // msg lists the users that matched nobody (spec §8 'Invalid Users:'); nothing matched, nothing done.
    const reply: AssignTagsReply = { status: userIds.length > 0, msg: invalid };
    return c.json(reply);
  },
});

export const userTagsRoutes = [fetchUserTags, updateUserTags, assignTagsRoute];
