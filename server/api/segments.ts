// Segments (Segments & Tags, Segments tab; decision 046): saved user-list queries with their
// member counts, and tags applied to every member. Everything needs bulk_upload_tags, the
// section's feature.
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  AssignSegmentTagsForm,
  CreateSegmentForm,
  ListSegmentsForm,
  UpdateSegmentForm,
  type AssignSegmentTagsReply,
  type DeleteSegmentReply,
  type ListSegmentsReply,
  type SegmentReply,
  type StaleSegmentReply,
} from '../../src/domain/segments';
import { Id } from '../../src/domain/wire';
import { badRequest, refuseFields, stale } from '../http/replies';
import { defineRoute } from '../routes';
import { assignSegmentTags } from '../segments/assign';
import {
  createSegment,
  deleteSegment,
  listSegments,
  nameTaken,
  segmentWithCount,
  updateSegment,
} from '../segments/store';
import { unknownTagIds } from '../users/tags';

const NO_SEGMENT = 'There is no such segment; it may have been deleted.';

const list = defineRoute({
  method: 'GET',
  path: '/segments/',
  access: 'bulk_upload_tags',
  schema: ListSegmentsForm,
  summary:
    'A page of segments by name (q finds names holding the text), each with its member count as the user list counts it.',
  async handler({ c, deps, input }) {
    const page = await listSegments(deps.db, {
      q: input.q,
      page: input.page,
      pageSize: input.page_size,
      id: input.id === '' ? null : input.id,
    });
    const reply: ListSegmentsReply = {
      status: true,
      segments: page.segments,
      total: page.total,
      page: input.page,
      page_size: input.page_size,
    };
    return c.json(reply);
  },
});

const create = defineRoute({
  method: 'POST',
  path: '/segments/',
  access: 'bulk_upload_tags',
  schema: CreateSegmentForm,
  summary: 'Saves a user-list query as a named segment; names are unique whatever their case.',
  async handler({ c, deps, input, now, session }) {
    const result = await createSegment(
      deps.db,
      { name: input.name, description: input.description, query: input.query },
      session.user.username,
      now,
    );
    if (!result.ok) return refuseFields(c, nameTaken(input.name), { name: nameTaken(input.name) });
    const segment = await segmentWithCount(deps.db, result.row);
    const reply: SegmentReply = { status: true, msg: `Segment '${segment.name}' saved.`, segment };
    return c.json(reply);
  },
});

function staleSegment(c: Context, current: SegmentReply['segment'] | null): Response {
  const msg = current
    ? `Someone else saved this segment since you opened it; it is now named '${current.name}'.`
    : 'Someone else deleted this segment since you opened it.';
  return stale<StaleSegmentReply>(c, msg, { current }, false);
}

const update = defineRoute({
  method: 'PUT',
  path: '/segments/',
  access: 'bulk_upload_tags',
  schema: UpdateSegmentForm,
  summary:
    'Renames a segment (and may replace its query), from the version the edit started from; another save in between answers 409.',
  async handler({ c, deps, input, now, session }) {
    const result = await updateSegment(
      deps.db,
      { id: input.id, version: input.version, name: input.name, description: input.description, query: input.query },
      session.user.username,
      now,
    );
    if (!result.ok && result.reason === 'name')
      return refuseFields(c, nameTaken(input.name), { name: nameTaken(input.name) });
    if (!result.ok)
      return staleSegment(
        c,
        result.reason === 'stale' && result.current ? await segmentWithCount(deps.db, result.current) : null,
      );
    const segment = await segmentWithCount(deps.db, result.row);
    const reply: SegmentReply = { status: true, msg: `Segment '${segment.name}' saved.`, segment };
    return c.json(reply);
  },
});

const remove = defineRoute({
  method: 'DELETE',
  path: '/segments/:id/',
  access: 'bulk_upload_tags',
  summary: 'Deletes a segment (its members keep their tags).',
  async handler({ c, deps, now, session }) {
    const id = v.safeParse(Id, c.req.param('id'));
    if (!id.success) return badRequest(c, 'Expected a segment id.', { id: ['Expected an id.'] });
    const row = await deleteSegment(deps.db, id.output, session.user.username, now);
    if (!row) return c.json({ status: false, msg: NO_SEGMENT }, 404);
    const reply: DeleteSegmentReply = { status: true, msg: `Segment '${row.name}' deleted.` };
    return c.json(reply);
  },
});

const assign = defineRoute({
  method: 'POST',
  path: '/segments/assign_tags/',
  bulk: 'segment_tags',
  access: 'bulk_upload_tags',
  schema: AssignSegmentTagsForm,
  summary:
    "Gives every member of a segment the tags: 'overwrite' replaces their tags, '' adds; refused above 100,000 members.",
  async handler({ c, deps, input, now, session }) {
    const unknown = await unknownTagIds(deps.db, input.tags);
    if (unknown.length > 0)
      return badRequest(c, 'Some tags do not exist.', { tags: [`No tag has the id ${unknown.join(', ')}.`] });
    if (input.type === '' && input.tags.length === 0)
      return badRequest(c, 'Choose at least one tag to add.', { tags: ['Choose at least one tag to add.'] });
    const result = await assignSegmentTags(deps.db, {
      segmentId: input.segment_id,
      tagIds: input.tags,
      mode: input.type === 'overwrite' ? 'overwrite' : 'add',
      author: session.user.username,
      now,
    });
    if (!result.ok && result.reason === 'missing') return badRequest(c, NO_SEGMENT, { segment_id: [NO_SEGMENT] });
    if (!result.ok) {
      const msg = `The segment matches more than ${result.limit.toLocaleString('en-US')} users; tags are applied to at most that many at once. Narrow its search or filters.`;
      return badRequest(c, msg, { segment_id: [msg] });
    }
    const reply: AssignSegmentTagsReply = {
      status: result.members > 0,
      msg: [],
      members: result.members,
      changed: result.changed,
    };
    return c.json(reply);
  },
});

export const segmentRoutes = [list, create, update, remove, assign];
