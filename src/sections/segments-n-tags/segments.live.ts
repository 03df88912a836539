// The real services of the Segments tab's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import type { AssignTagsReply } from '../../domain/tags';
import { fetchTags } from '../tags/tags.service';
import { assignSegmentTags, createSegment, deleteSegment, listSegments, updateSegment } from './segments.service';
import { tagSelectorMachine } from '../tags/tag-selector.machine';
import { segmentEditorMachine } from './segments.machine';

/** The tag selector keeping a choice: every tag, none chosen, and no call per change (the choice is applied to the members at once). */
export const tagChoiceMachine = tagSelectorMachine.provide({
  actors: {
    loadTags: fromPromise(() => fetchTags(null)),
    saveTags: fromPromise(async (): Promise<AssignTagsReply> => ({ status: true, msg: [] })),
  },
});

export const liveSegmentEditorMachine = segmentEditorMachine.provide({
  actors: {
    loadSegments: fromPromise(({ input }) => listSegments(input)),
    saveSegment: fromPromise(({ input }) =>
      input.id === null ? createSegment(input, input.query) : updateSegment(input.id, input.version, input),
    ),
    removeSegment: fromPromise(({ input }) => deleteSegment(input.id)),
    countMembers: fromPromise(
      async ({ input }) => (await listSegments({ q: '', page: 1, id: input.id })).segments[0] ?? null,
    ),
    applyTags: fromPromise(({ input }) =>
      assignSegmentTags(input.segmentId, input.tagIds, input.mode === 'overwrite' ? 'overwrite' : ''),
    ),
    tagPicker: tagChoiceMachine,
  },
});
