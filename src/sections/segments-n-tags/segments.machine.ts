// The Segments tab (decision 046): the saved list queries with their member counts, a page at a
// time by name. A segment is created from the user list's query (its 'Save as segment' opens
// this tab with the query), renamed from the version it was read at (a save in between is shown,
// and saving again replaces it), deleted after a confirmation, and its members given tags
// (Reset Tags or Add Tags) after a confirmation that names their count as read at that moment.
// The tags are chosen in the tag selector's machine, run as a child that only keeps the choice.
import { assign, fromPromise, setup } from 'xstate';
import { staleSegmentOf, type Segment } from '../../domain/segments';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, refusalMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import { noticeOf } from '../../machines/shared/notice';
import { meanwhileOf, refusedFields, refusedSave } from '../../machines/shared/save-outcome';
import { CLOSED_FORM, conflictIs, editedField, versionedForm } from '../../machines/shared/versioned-form';
import { tagSelectorMachine } from '../tags/tag-selector.machine';
import type {
  ApplyInput,
  ApplyOutcome,
  LoadInput,
  LoadOutcome,
  SaveOutcome,
  SegmentEditorContext,
  SegmentEditorEvent,
  SegmentEditorInput,
  SegmentForm,
} from './segments.types';

const FORM_FIELDS = ['name', 'description'] as const;
const isFormField = (key: string) => (FORM_FIELDS as readonly string[]).includes(key);

function formOf(segment: Segment): SegmentForm {
  return {
    id: segment.id,
    version: segment.version,
    name: segment.name,
    description: segment.description,
    query: segment.query,
    base: { name: segment.name, description: segment.description },
  };
}

const find = (context: SegmentEditorContext, id: number) => context.segments.find((s) => s.id === id) ?? null;

const list = listStates<SegmentEditorContext, SegmentEditorEvent>()({
  retry: 'list.retry',
  failure: failureMessage,
});

const segmentEditorSetup = setup({
  types: { context: {} as SegmentEditorContext, events: {} as SegmentEditorEvent, input: {} as SegmentEditorInput },
  actors: {
    loadSegments: fromPromise<LoadOutcome, LoadInput>(() => Promise.reject(new Error('provide loadSegments'))),
    saveSegment: fromPromise<SaveOutcome, SegmentForm>(() => Promise.reject(new Error('provide saveSegment'))),
    removeSegment: fromPromise<unknown, { id: number }>(() => Promise.reject(new Error('provide removeSegment'))),
    /** The segment as stored now, its member count read afresh; null when it is gone. */
    countMembers: fromPromise<Segment | null, { id: number }>(() => Promise.reject(new Error('provide countMembers'))),
    applyTags: fromPromise<ApplyOutcome, ApplyInput>(() => Promise.reject(new Error('provide applyTags'))),
    /** The tag selector, keeping the choice only: live.ts makes its saves answer without a call. */
    tagPicker: tagSelectorMachine,
  },
  guards: {
    formOpen: ({ context }) => context.form !== null,
    hasSegments: ({ context }) => context.segments.length > 0,
    listedSegment: ({ context, event }) => 'id' in event && find(context, event.id) !== null,
    applicable: ({ event }) => event.type === 'tags.apply' && (event.mode === 'overwrite' || event.tagIds.length > 0),
    refusedFields,
    stale: conflictIs(staleSegmentOf),
    found: (_, segment: Segment | null) => segment !== null,
  },
  actions: {
    storeList: assign(({ event }) => {
      const reply = (event as unknown as { output: LoadOutcome }).output;
      return { segments: reply.segments, total: reply.total, pageSize: reply.page_size, error: null };
    }),
    editField: assign(({ context, event }) => {
      if (!context.form || (event.type !== 'form.name' && event.type !== 'form.description')) return {};
      return editedField(context, event.type === 'form.name' ? 'name' : 'description', event.value);
    }),
    closeForm: assign(CLOSED_FORM),
    pickTarget: assign(({ context, event }) => ({
      target: 'id' in event ? find(context, event.id) : null,
      error: null,
      notice: null,
      apply: null,
      applied: null,
    })),
  },
});

const calling = callStates(segmentEditorSetup);

export const segmentEditorMachine = segmentEditorSetup.createMachine({
  id: 'segmentEditor',
  context: ({ input }) => ({
    q: '',
    page: 1,
    segments: [],
    total: 0,
    pageSize: 20,
    form:
      input.draft ??
      (input.prefill
        ? { id: null, version: 0, name: '', description: '', query: input.prefill, base: { name: '', description: '' } }
        : null),
    serverErrors: {},
    formError: null,
    target: null,
    apply: null,
    applied: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: calling('loadSegments', {
      input: ({ context }) => ({ q: context.q, page: context.page }),
      onDone: [
        // A form kept from before a reload, or a query to save, opens once the list is there.
        { guard: 'formOpen', target: 'form', actions: 'storeList' },
        { guard: ({ event }) => event.output.segments.length > 0, target: 'browsing.listed', actions: 'storeList' },
        { target: 'browsing.empty', actions: 'storeList' },
      ],
      onError: list.onError,
    }),
    failed: list.failed,
    browsing: {
      on: {
        'segments.search': {
          target: 'loading',
          actions: assign({ q: ({ event }) => event.q.trim(), page: 1, notice: null }),
        },
      },
      initial: 'listed',
      states: {
        listed: {
          tags: ['listed'],
          on: {
            'segments.page': {
              target: '#segmentEditor.loading',
              actions: assign({ page: ({ event }) => Math.max(1, event.page), notice: null }),
            },
            'segment.rename': {
              guard: 'listedSegment',
              target: '#segmentEditor.form',
              actions: assign(({ context, event }) => ({ form: formOf(find(context, event.id)!), notice: null })),
            },
            'segment.delete': { guard: 'listedSegment', target: '#segmentEditor.deleting', actions: 'pickTarget' },
            'segment.tag': { guard: 'listedSegment', target: '#segmentEditor.tagging', actions: 'pickTarget' },
          },
        },
        empty: { tags: ['empty'] },
      },
    },
    form: versionedForm<SegmentEditorContext, SegmentEditorEvent>()({
      edits: ['form.name', 'form.description'],
      cancel: [
        { guard: 'hasSegments', target: '#segmentEditor.browsing.listed' },
        { target: '#segmentEditor.browsing.empty' },
      ],
      save: 'saveSegment',
      saved: '#segmentEditor.loading',
      refused: (error) => refusedSave(error, isFormField),
      // Someone else saved (or deleted) it first: said, and the next save starts from what is stored now.
      meanwhile: meanwhileOf(staleSegmentOf),
      failed: (error) => `The segment was not saved. ${failureMessage(error)}`,
    }),
    deleting: {
      tags: ['dialog'],
      initial: 'confirm',
      states: {
        confirm: {
          on: {
            'delete.confirm': 'removing',
            'delete.cancel': {
              target: '#segmentEditor.browsing.listed',
              actions: assign({ target: null, error: null }),
            },
          },
        },
        removing: calling('removeSegment', {
          input: ({ context }) => ({ id: context.target!.id }),
          onDone: {
            target: '#segmentEditor.loading',
            actions: assign(({ context }) => ({
              notice: noticeOf(true, `Segment '${context.target!.name}' deleted.`),
              target: null,
              page: 1,
            })),
          },
          onError: {
            target: 'confirm',
            actions: assign({ error: ({ event }) => `The segment was not deleted. ${failureMessage(event.error)}` }),
          },
        }),
      },
    },
    tagging: {
      tags: ['dialog'],
      // The picker lives as long as the dialog, so Back keeps the tags chosen.
      invoke: { id: 'tagPicker', src: 'tagPicker', input: { userId: 0 } },
      on: {
        'tagging.close': {
          target: 'browsing.listed',
          actions: assign({ target: null, apply: null, applied: null, error: null }),
        },
      },
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'tags.apply': {
              guard: 'applicable',
              target: 'counting',
              actions: assign({ apply: ({ event }) => ({ mode: event.mode, tagIds: event.tagIds }), error: null }),
            },
          },
        },
        counting: calling('countMembers', {
          input: ({ context }) => ({ id: context.target!.id }),
          onDone: [
            {
              guard: { type: 'found', params: ({ event }) => event.output },
              target: 'confirming',
              actions: assign({ target: ({ event }) => event.output }),
            },
            {
              target: 'choosing',
              actions: assign({ error: 'This segment was deleted meanwhile; close this dialog.' }),
            },
          ],
          onError: {
            target: 'choosing',
            actions: assign({
              error: ({ event }) => `The members could not be counted. ${failureMessage(event.error)}`,
            }),
          },
        }),
        confirming: {
          on: {
            'tags.confirm': { target: 'applying', actions: assign({ error: null }) },
            'tags.back': { target: 'choosing', actions: assign({ error: null }) },
          },
        },
        applying: calling('applyTags', {
          input: ({ context }) => ({
            segmentId: context.target!.id,
            mode: context.apply!.mode,
            tagIds: context.apply!.tagIds,
          }),
          onDone: { target: 'applied', actions: assign({ applied: ({ event }) => event.output }) },
          onError: {
            target: 'confirming',
            actions: assign({ error: ({ event }) => `No tags were changed. ${refusalMessage(event.error)}` }),
          },
        }),
        applied: {},
      },
    },
  },
});
