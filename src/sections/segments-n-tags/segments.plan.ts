// The Segments tab's walks. The list holds one segment on page 1 of 2 (the paths page forward and
// back, and search once); it is read, read empty or not read; a segment is renamed (saved,
// refused at its name, stale, not sent), deleted (or not), and its members tagged: tags chosen,
// members counted (or the segment gone, or no answer), confirmed, applied (or not). A second walk
// starts from the user list's 'Save as segment': the form opens on the list's query.
import type { Segment, SegmentQuery } from '../../domain/segments';
import { doneEvent, failedEvent, refusedEvent, staleEvent, type MachinePlan } from '../../workflows/plan';
import { segmentEditorMachine } from './segments.machine';

export const PLAN_QUERY: SegmentQuery = {
  q: '',
  user_type: 'trial',
  user_category: '',
  organization_id: '',
  active: 'true',
  deleted: 'exclude',
  sort: 'expiry',
  dir: 'asc',
  org_name: '',
};
const SEGMENT: Segment = {
  id: 1,
  name: 'Alpha readers',
  description: 'Trial users',
  query: PLAN_QUERY,
  member_count: 2,
  member_count_capped: false,
  created_by: 'admin',
  updated_by: 'admin',
  created_at: 0,
  updated_at: 0,
  version: 1,
};
const page = (segments: Segment[]) =>
  doneEvent('loadSegments', { status: true, segments, total: segments.length ? 21 : 0, page: 1, page_size: 20 });

const outcomes = [
  { name: 'loaded', event: page([SEGMENT]) },
  { name: 'loadedEmpty', event: page([]) },
  { name: 'loadFailed', event: failedEvent('loadSegments') },
  {
    name: 'saved',
    event: doneEvent('saveSegment', { status: true, msg: "Segment 'Alpha readers' saved.", segment: SEGMENT }),
  },
  {
    name: 'nameTaken',
    event: refusedEvent('saveSegment', { name: 'taken' }),
  },
  {
    name: 'savedMeanwhile',
    event: staleEvent('saveSegment', { msg: 'Someone else saved it.', current: { ...SEGMENT, version: 2 } }),
  },
  { name: 'saveFailed', event: failedEvent('saveSegment') },
  { name: 'removed', event: doneEvent('removeSegment', { status: true, msg: 'deleted' }) },
  { name: 'removeFailed', event: failedEvent('removeSegment') },
  { name: 'counted', event: doneEvent('countMembers', SEGMENT) },
  { name: 'segmentGone', event: doneEvent('countMembers', null) },
  { name: 'countFailed', event: failedEvent('countMembers') },
  { name: 'tagsApplied', event: doneEvent('applyTags', { status: true, msg: [], members: 2, changed: 2 }) },
  { name: 'applyFailed', event: failedEvent('applyTags') },
];

const FORM_EVENTS = ['form.name', 'form.description', 'form.submit', 'form.cancel'];

export const segmentEditorPlan: MachinePlan<typeof segmentEditorMachine> = {
  machine: segmentEditorMachine,
  input: { draft: null, prefill: null },
  events: [
    { type: 'segments.search', q: 'Alpha' },
    { type: 'segments.page', page: 2 },
    { type: 'segments.page', page: 1 },
    { type: 'list.retry' },
    { type: 'segment.rename', id: 1 },
    { type: 'form.name', value: 'Alpha readers (renamed)' },
    { type: 'form.description', value: 'Renamed here' },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'segment.delete', id: 1 },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'segment.tag', id: 1 },
    { type: 'tags.apply', mode: 'add', tagIds: [1] },
    { type: 'tags.confirm' },
    { type: 'tags.back' },
    { type: 'tagging.close' },
  ],
  outcomes,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form !== null,
      s.context.segments.length > 0,
      s.context.page,
      s.context.q !== '',
    ]),
  filterEvents: (s, e) => {
    if (e.type.startsWith('xstate.')) return true;
    // Busy steps of the tags dialog cannot be closed.
    if (e.type === 'tagging.close') return !s.matches({ tagging: 'counting' }) && !s.matches({ tagging: 'applying' });
    const { page, q } = s.context;
    // Page 2 holds no segment of the walk's: only the way back.
    if (page === 2) return e.type === 'segments.page' && e['page'] === 1;
    if (e.type === 'segments.page') return q === '' && e['page'] === 2;
    if (e.type === 'segments.search') return q === '';
    return true;
  },
};

/** From the user list's 'Save as segment': the form opens on the list's query. */
export const segmentEditorSavePlan: MachinePlan<typeof segmentEditorMachine> = {
  machine: segmentEditorMachine,
  input: { draft: null, prefill: PLAN_QUERY },
  events: [{ type: 'form.name', value: 'Expiring trials' }, { type: 'form.submit' }, { type: 'form.cancel' }],
  outcomes: outcomes.filter((o) => ['loaded', 'loadedEmpty', 'saved', 'nameTaken', 'saveFailed'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, s.context.form !== null, s.context.segments.length > 0]),
  // Once saved, the list is read with the new segment in it (the first walk reads it empty).
  filterEvents: (s, e) =>
    e.type.startsWith('xstate.')
      ? e.type !== 'xstate.done.actor.loadSegments' || s.context.form !== null || e['output'].segments.length > 0
      : FORM_EVENTS.includes(e.type),
};
