// The tag selector of the user screen (spec §2, §4, §5): loads every tag and the user's tags,
// and sends each change at once as an overwrite assignment (auto-submit mode). A name that is
// not a known tag offers the Create Tag dialog (its own machine, a child of this one); the tag
// it creates is selected. Changes made while a save is on its way are sent when it answers, so
// the last choice always reaches the server last.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import { tagCreationMachine } from './tag-creation.machine';
import type {
  LoadOutcome,
  SaveInput,
  SaveOutcome,
  TagSelectorContext,
  TagSelectorEvent,
  TagSelectorInput,
} from './tag-selector.types';

/** A typed name that is no known tag's (case-insensitively) may become a new tag. */
export function creatableName(context: Pick<TagSelectorContext, 'tags' | 'query'>): string | null {
  const name = context.query.trim();
  if (!name) return null;
  const lower = name.toLowerCase();
  return context.tags.some((t) => t.name.toLowerCase() === lower) ? null : name;
}

const adding = (context: TagSelectorContext, tagId: number) => ({
  chosen: context.chosen.includes(tagId) ? context.chosen : [...context.chosen, tagId],
  query: '',
});

const list = listStates<TagSelectorContext, TagSelectorEvent>()({
  failed: 'loadFailed',
  retry: 'list.retry',
  retried: null,
  failure: failureMessage,
});

const tagSelectorSetup = setup({
  types: {
    context: {} as TagSelectorContext,
    events: {} as TagSelectorEvent,
    input: {} as TagSelectorInput,
  },
  actors: {
    loadTags: fromPromise<LoadOutcome, { userId: number }>(() => Promise.reject(new Error('provide loadTags'))),
    saveTags: fromPromise<SaveOutcome, SaveInput>(() => Promise.reject(new Error('provide saveTags'))),
    /** The Create Tag dialog's machine; live.ts makes it announce the new tag to this one. */
    tagCreation: tagCreationMachine,
  },
  guards: {
    knownAndNew: ({ context, event }) =>
      event.type === 'tags.add' &&
      !context.chosen.includes(event.tagId) &&
      context.tags.some((t) => t.id === event.tagId),
    isChosen: ({ context, event }) => event.type === 'tags.remove' && context.chosen.includes(event.tagId),
    offersCreation: ({ context }) => creatableName(context) !== null,
    pending: ({ context }) => context.pending,
    isSaved: (_, reply: SaveOutcome) => reply.status,
  },
  actions: {
    add: assign(({ context, event }) => (event.type === 'tags.add' ? adding(context, event.tagId) : {})),
    remove: assign(({ context, event }) =>
      event.type === 'tags.remove' ? { chosen: context.chosen.filter((id) => id !== event.tagId) } : {},
    ),
    addCreated: assign(({ context, event }) => {
      if (event.type !== 'tag.created') return {};
      const tags = context.tags.some((t) => t.id === event.tag.id) ? context.tags : [...context.tags, event.tag];
      return { tags, ...adding(context, event.tag.id) };
    }),
    markPending: assign({ pending: true }),
  },
});

const calling = callStates(tagSelectorSetup);

export const tagSelectorMachine = tagSelectorSetup.createMachine({
  id: 'tagSelector',
  context: ({ input }) => ({
    userId: input.userId,
    tags: [],
    groups: [],
    chosen: [],
    query: '',
    error: null,
    pending: false,
  }),
  invoke: { id: 'tagCreation', src: 'tagCreation' },
  initial: 'loading',
  states: {
    loading: calling('loadTags', {
      input: ({ context }) => ({ userId: context.userId }),
      onDone: {
        target: 'ready',
        actions: assign(({ event }) => ({
          tags: event.output.msg.tags,
          groups: event.output.msg.tag_groups,
          chosen: event.output.msg.user_tags,
          error: null,
        })),
      },
      onError: list.onError,
    }),
    loadFailed: list.failed,
    ready: {
      tags: ['ready'],
      // A change from any resting state is saved at once; while a save is on its way, `saving`
      // takes the change itself and sends it when the answer arrives.
      on: {
        'tags.query': { actions: assign({ query: ({ event }) => event.text }) },
        'tags.create': {
          guard: 'offersCreation',
          actions: sendTo('tagCreation', ({ context }) => ({ type: 'tag.open', name: context.query })),
        },
        'tags.add': { guard: 'knownAndNew', target: '.saving', actions: 'add' },
        'tags.remove': { guard: 'isChosen', target: '.saving', actions: 'remove' },
        'tag.created': { target: '.saving', actions: 'addCreated' },
      },
      initial: 'idle',
      states: {
        idle: {},
        saving: {
          tags: ['saving'],
          entry: assign({ pending: false }),
          on: {
            'tags.add': { guard: 'knownAndNew', actions: ['add', 'markPending'] },
            'tags.remove': { guard: 'isChosen', actions: ['remove', 'markPending'] },
            'tag.created': { actions: ['addCreated', 'markPending'] },
          },
          invoke: {
            id: 'saveTags',
            src: 'saveTags',
            input: ({ context }) => ({ userId: context.userId, tags: context.chosen }),
            onDone: [
              { guard: 'pending', target: 'saving', reenter: true },
              {
                guard: { type: 'isSaved', params: ({ event }) => event.output },
                target: 'saved',
                actions: assign({ error: null }),
              },
              {
                target: 'failed',
                actions: assign({
                  error: ({ event }) => `Tags not saved. Invalid Users: ${event.output.msg.join(', ')}`,
                }),
              },
            ],
            onError: [
              { guard: 'pending', target: 'saving', reenter: true },
              {
                target: 'failed',
                actions: assign({ error: ({ event }) => `Tags not saved. ${failureMessage(event.error)}` }),
              },
            ],
          },
        },
        saved: { tags: ['saved'] },
        /** The choice on screen is not what the server holds: retry, or change again. */
        failed: {
          tags: ['failed'],
          on: { 'tags.retry': 'saving' },
        },
      },
    },
  },
});
