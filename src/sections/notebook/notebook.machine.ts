// A user's Notebook tab (decision 065): the setting read with the template library and the tag
// groups; the notification setting, the chosen templates and the notebook tags each changed and
// saved on its own, every save naming the version read. Someone else first: the setting as
// stored now is loaded, the person's unsaved choices stay on screen to save again or discard. A
// refusal shows at its fields; no answer, a Retry. With the `tags` feature a tag group can be
// created from here. Choices not saved are kept across a reload (the `draft` input, decision 042).
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_NOTIFICATION, type NotebookSetting } from '../../domain/notebook';
import { fieldRefusalOf } from '../../domain/field-errors';
import { callStates } from '../../machines/shared/call-state';
import { refusalMessage, errorOf } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import { partChanged, staleNotebookOf, toggledContent, toggledId } from './notebook.rules';
import type {
  GroupOutcome,
  LoadOutcome,
  NewGroup,
  NotebookPart,
  NotebookSettingsContext,
  NotebookSettingsEvent,
  NotebookSettingsInput,
  SaveInput,
  SaveOutcome,
} from './notebook.types';
import { refusedFields } from '../../machines/shared/save-outcome';

export const NOTEBOOK_LOAD_FAILED = 'The notebook settings could not be loaded.';
export const NOTEBOOK_SAVE_FAILED = 'Nothing was saved.';
export const GROUP_CREATE_FAILED = 'The tag group was not created.';
const EMPTY_GROUP: NewGroup = { name: '', desc: '', color: '' };
export const groupNamed = (g: NewGroup) => g.name.trim().length > 0;

const choicesOf = (s: NotebookSetting) => ({
  notification: s.notification,
  templateIds: s.template_ids,
  tagIds: s.tag_ids,
});
/** A saved part takes the stored value; the other parts keep the person's choices. */
function afterSave(part: NotebookPart, s: NotebookSetting) {
  if (part === 'notification') return { notification: s.notification };
  if (part === 'templates') return { templateIds: s.template_ids };
  return { tagIds: s.tag_ids };
}

const notebookSettingsSetup = setup({
  types: {
    context: {} as NotebookSettingsContext,
    events: {} as NotebookSettingsEvent,
    input: {} as NotebookSettingsInput,
  },
  actors: {
    loadNotebook: fromPromise<LoadOutcome, { userId: number }>(() => Promise.reject(new Error('provide loadNotebook'))),
    save: fromPromise<SaveOutcome, SaveInput>(() => Promise.reject(new Error('provide save'))),
    createGroup: fromPromise<GroupOutcome, NewGroup>(() => Promise.reject(new Error('provide createGroup'))),
  },
  guards: {
    mayEdit: ({ context }) => context.mayEdit,
    contentOpen: ({ context }) => context.mayEdit && context.notification.frequency !== 'off',
    changed: ({ context, event }) =>
      event.type === 'save' && context.mayEdit && partChanged(context.setting, context, event.part),
    retryable: ({ context }) => context.mayEdit && context.saveError !== null && context.part !== null,
    stale: ({ context }) => context.stale !== null,
    mayCreateGroup: ({ context }) => context.mayCreateGroup,
    groupNamed: ({ context }) => groupNamed(context.newGroup),
    staleError: (_, error: unknown) => staleNotebookOf(error) !== null,
    refusedFields,
  },
});

const calling = callStates(notebookSettingsSetup);

export const notebookSettingsMachine = notebookSettingsSetup.createMachine({
  id: 'notebookSettings',
  context: ({ input }) => ({
    userId: input.userId,
    mayEdit: input.mayEdit,
    mayCreateGroup: input.mayCreateGroup,
    draft: input.draft,
    setting: null,
    notebook: null,
    library: { sources: [], templates: [] },
    groups: { groups: [], ungrouped: [] },
    source: '',
    notification: DEFAULT_NOTIFICATION,
    templateIds: [],
    tagIds: [],
    part: null,
    fieldErrors: {},
    stale: null,
    saveError: null,
    newGroup: EMPTY_GROUP,
    groupError: null,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: calling('loadNotebook', {
      input: ({ context }) => ({ userId: context.userId }),
      onDone: {
        target: 'ready',
        // Choices kept across a reload are laid over the setting read; then they are the screen's.
        actions: assign(({ context, event }) => {
          const { setting, notebook } = event.output.setting;
          const kept = context.draft;
          return {
            setting,
            notebook,
            error: null,
            draft: null,
            library: { sources: event.output.library.sources, templates: event.output.library.templates },
            groups: { groups: event.output.groups.groups, ungrouped: event.output.groups.ungrouped },
            notification: kept?.notification ?? setting.notification,
            templateIds: kept?.template_ids ?? setting.template_ids,
            tagIds: kept?.tag_ids ?? setting.tag_ids,
          };
        }),
      },
      onError: {
        target: 'failed',
        actions: assign({ error: ({ event }) => `${NOTEBOOK_LOAD_FAILED} ${refusalMessage(event.error)}` }),
      },
    }),
    failed: {
      on: { 'load.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'frequency.set': {
              guard: 'mayEdit',
              actions: assign(({ context, event }) => ({
                notification: { ...context.notification, frequency: event.frequency },
                fieldErrors: { ...context.fieldErrors, frequency: '' },
              })),
            },
            'content.toggle': {
              guard: 'contentOpen',
              actions: assign(({ context, event }) => ({
                notification: {
                  ...context.notification,
                  content_types: toggledContent(context.notification.content_types, event.content),
                },
                fieldErrors: { ...context.fieldErrors, content_types: '' },
              })),
            },
            'source.pick': { actions: assign(({ event }) => ({ source: event.source })) },
            'template.toggle': {
              guard: 'mayEdit',
              actions: assign(({ context, event }) => ({
                templateIds: toggledId(context.templateIds, event.id),
                fieldErrors: { ...context.fieldErrors, template_ids: '' },
              })),
            },
            'tag.toggle': {
              guard: 'mayEdit',
              actions: assign(({ context, event }) => ({
                tagIds: toggledId(context.tagIds, event.id),
                fieldErrors: { ...context.fieldErrors, tag_ids: '' },
              })),
            },
            save: {
              guard: 'changed',
              target: 'saving',
              actions: assign(({ event }) => ({ part: event.part, fieldErrors: {}, saveError: null, notice: null })),
            },
            'save.retry': { guard: 'retryable', target: 'saving', actions: assign({ saveError: null, notice: null }) },
            // The stored setting is taken as it is: the person's choices go.
            'stale.discard': {
              guard: 'stale',
              actions: assign(({ context }) => ({
                ...choicesOf(context.setting!),
                stale: null,
                fieldErrors: {},
                saveError: null,
              })),
            },
            'group.open': {
              guard: 'mayCreateGroup',
              target: 'group',
              actions: assign({ newGroup: EMPTY_GROUP, groupError: null, fieldErrors: {}, notice: null }),
            },
          },
        },
        saving: calling('save', {
          input: ({ context }) => ({
            part: context.part!,
            userId: context.userId,
            version: context.setting!.version,
            notification: context.notification,
            templateIds: context.templateIds,
            tagIds: context.tagIds,
          }),
          onDone: {
            target: 'editing',
            actions: assign(({ context, event }) => ({
              setting: event.output.setting,
              ...afterSave(context.part!, event.output.setting),
              part: null,
              stale: null,
              notice: noticeOf(true, event.output.msg),
            })),
          },
          onError: [
            {
              guard: { type: 'staleError', params: errorOf },
              target: 'editing',
              actions: assign(({ event }) => {
                const stale = staleNotebookOf(event.error)!;
                return { setting: stale.setting, stale: stale.msg, part: null };
              }),
            },
            {
              guard: { type: 'refusedFields', params: errorOf },
              target: 'editing',
              actions: assign(({ event }) => {
                const refusal = fieldRefusalOf(event.error)!;
                return { fieldErrors: { ...refusal.fields, _: refusal.msg }, part: null };
              }),
            },
            {
              target: 'editing',
              actions: assign(({ event }) => ({
                saveError: `${NOTEBOOK_SAVE_FAILED} ${refusalMessage(event.error)}`,
              })),
            },
          ],
        }),
        group: {
          initial: 'editing',
          on: {
            'group.cancel': {
              target: '#notebookSettings.ready.editing',
              actions: assign({ newGroup: EMPTY_GROUP, groupError: null, fieldErrors: {} }),
            },
          },
          states: {
            editing: {
              on: {
                'group.set': {
                  actions: assign(({ context, event }) => ({
                    newGroup: { ...context.newGroup, [event.field]: event.value },
                    fieldErrors: { ...context.fieldErrors, [event.field]: '' },
                  })),
                },
                'group.create': { guard: 'groupNamed', target: 'creating', actions: assign({ groupError: null }) },
              },
            },
            creating: calling('createGroup', {
              input: ({ context }) => ({
                name: context.newGroup.name.trim(),
                desc: context.newGroup.desc.trim(),
                color: context.newGroup.color,
              }),
              onDone: {
                target: '#notebookSettings.ready.editing',
                actions: assign(({ context, event }) => ({
                  groups: {
                    ...context.groups,
                    groups: [...context.groups.groups, { group: event.output.group, tags: [] }],
                  },
                  newGroup: EMPTY_GROUP,
                  fieldErrors: {},
                  notice: noticeOf(true, event.output.msg),
                })),
              },
              onError: [
                {
                  guard: { type: 'refusedFields', params: errorOf },
                  target: 'editing',
                  actions: assign(({ event }) => {
                    const refusal = fieldRefusalOf(event.error)!;
                    return { fieldErrors: refusal.fields, groupError: refusal.msg };
                  }),
                },
                {
                  target: 'editing',
                  actions: assign(({ event }) => ({
                    groupError: `${GROUP_CREATE_FAILED} ${refusalMessage(event.error)}`,
                  })),
                },
              ],
            }),
          },
        },
      },
    },
  },
});
