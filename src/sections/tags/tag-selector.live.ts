// The real services of this screen's machine. Beside the machine rather than in live.ts (the
// first page load's actors), so they load with the lazy section that uses them, never with /login.
import { fromPromise, sendParent } from 'xstate';
import { assignTags, createTag, fetchTags } from './tags.service';
import { tagCreationMachine } from './tag-creation.machine';
import { tagSelectorMachine } from './tag-selector.machine';
import type { SaveInput, SaveOutcome } from './tag-selector.types';

/** The user screen's tag selector; its Create Tag dialog announces the new tag to it. */
export const liveTagSelectorMachine = tagSelectorMachine.provide({
  actors: {
    loadTags: fromPromise(({ input }) => fetchTags(input.userId)),
    saveTags: fromPromise(({ input }) => assignTags({ tags: input.tags, userIds: [input.userId], type: 'overwrite' })),
    tagCreation: tagCreationMachine.provide({
      actors: { createTag: fromPromise(({ input }) => createTag(input)) },
      actions: { announceCreated: sendParent((_, { tag }) => ({ type: 'tag.created', tag })) },
    }),
  },
});

/**
 * The same selector choosing tags for another workflow (Segments & Tags' bulk upload): every tag,
 * none chosen at first, and a change kept rather than saved; the workflow reads the choice.
 */
export const choosingTagSelectorMachine = liveTagSelectorMachine.provide({
  actors: {
    loadTags: fromPromise(() => fetchTags(null)),
    saveTags: fromPromise<SaveOutcome, SaveInput>(async () => ({ status: true, msg: [] })),
  },
});
