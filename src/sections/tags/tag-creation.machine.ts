// The Create Tag dialog (spec §2, §5): opened from the tag selector with the name typed there;
// Add stays disabled until a name is entered; a duplicate name is refused by the server and the
// person edits on; on success the new tag is announced (the selector selects it) and the dialog
// closes.
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_TAG_COLOR, type NewTag } from '../../domain/tags';
import { failureMessage } from '../../machines/shared/failure';
import type { CreateOutcome, Tag, TagCreationContext, TagCreationEvent, TagDraft } from './tag-creation.types';

export const emptyDraft = (name = ''): TagDraft => ({ name, color: DEFAULT_TAG_COLOR, description: '', groupId: null });

/** Spec §5: Add is disabled until a tag name is entered. */
export const draftComplete = (draft: TagDraft) => draft.name.trim().length > 0;

const toNewTag = (d: TagDraft): NewTag => ({
  name: d.name.trim(),
  color: d.color,
  description: d.description.trim(),
  groupId: d.groupId,
});

export const tagCreationMachine = setup({
  types: { context: {} as TagCreationContext, events: {} as TagCreationEvent },
  actors: {
    createTag: fromPromise<CreateOutcome, NewTag>(() => Promise.reject(new Error('provide createTag'))),
  },
  actions: {
    /** Hands the new tag to whoever opened the dialog (the selector selects it). */
    announceCreated: (_, _params: { tag: Tag }) => {},
  },
  guards: {
    draftComplete: ({ context }) => draftComplete(context.draft),
    isCreated: (_, reply: CreateOutcome) => reply.status,
  },
}).createMachine({
  id: 'tagCreation',
  context: { draft: emptyDraft(), error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'tag.open': {
          target: 'editing',
          actions: assign({ draft: ({ event }) => emptyDraft(event.name.trim()), error: null }),
        },
      },
    },
    editing: {
      tags: ['open', 'editable'],
      on: {
        'draft.change': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }),
        },
        'draft.group': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, groupId: event.groupId }) }),
        },
        'tag.submit': { guard: 'draftComplete', target: 'saving' },
        'tag.cancel': 'closed',
      },
    },
    saving: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'createTag',
        src: 'createTag',
        input: ({ context }) => toNewTag(context.draft),
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => event.output },
            target: 'created',
            actions: {
              type: 'announceCreated',
              params: ({ event }) => ({ tag: (event.output as Extract<CreateOutcome, { status: true }>).tag }),
            },
          },
          { target: 'refused', actions: assign({ error: ({ event }) => event.output.msg }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    /** The server said no (e.g. the name exists): the message shows and the person edits on. */
    refused: {
      tags: ['open', 'editable'],
      on: {
        'draft.change': {
          target: 'editing',
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
            error: null,
          }),
        },
        'draft.group': {
          target: 'editing',
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, groupId: event.groupId }),
            error: null,
          }),
        },
        'tag.submit': { guard: 'draftComplete', target: 'saving', actions: assign({ error: null }) },
        'tag.cancel': 'closed',
      },
    },
    /** No answer, or an error status: the same tag can be sent again. */
    failed: {
      tags: ['open'],
      on: {
        'tag.retry': { target: 'saving', actions: assign({ error: null }) },
        'tag.cancel': 'closed',
      },
    },
    created: { always: 'closed' },
  },
});
