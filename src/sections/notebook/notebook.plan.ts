// The Notebook tab's walk: the setting, library and tag groups read (or not, then tried again);
// the notification setting changed and saved (saved; every kind of content unticked and refused
// at its field; someone else first, then the person's choice discarded or saved again; no answer,
// then tried again); a template and a tag chosen and saved; a source picked; a tag group created
// (or refused at its colour, or not sent) or put away. A walk stops changing the setting once a
// save went through. The second walk opens on choices kept across a reload; the third is a
// read-only viewer's.
import type {
  LibraryTemplatesReply,
  NotebookSetting,
  NotebookSettingReply,
  TagGroupsReply,
} from '../../domain/notebook';
import { COLOR_PATTERN, type Tag } from '../../domain/tags';
import { doneEvent, failedEvent, refusedEvent, staleEvent, type MachinePlan } from '../../workflows/plan';
import { notebookSettingsMachine } from './notebook.machine';
import { partChanged } from './notebook.rules';
import type { NotebookDraft, NotebookPart } from './notebook.types';

const tag = (id: number, name: string, group: number | null): Tag => ({
  id,
  name,
  color: '#4A90D9',
  description: '',
  group,
  icon: null,
});
/** The version a save of the walk answers with: past it, the walk changes nothing more. */
const SAVED = 3;
/** The version the walk reads; someone else's change moves it on, and the walk then only saves or discards. */
const READ = 1;
const setting = (over: Partial<NotebookSetting> = {}): NotebookSetting => ({
  user_id: 7,
  notification: { frequency: 'weekly', content_types: ['notebook'] },
  template_ids: [1],
  tag_ids: [11],
  version: READ,
  updated_by: 'admin',
  updated_at: 1_764_000_000_000,
  ...over,
});
const read: NotebookSettingReply = {
  status: true,
  setting: setting(),
  notebook: { version: 'v2', switcher: false, deployment: 'app', default_version: 'v2', default_switcher: false },
};
const library: LibraryTemplatesReply = {
  status: true,
  sources: [
    { source: 'acme', label: 'Acme templates' },
    { source: 'product_specialist_templates', label: 'Product specialist templates' },
  ],
  templates: [
    {
      id: 1,
      source: 'acme',
      name: 'Earnings call',
      content_type: 'notebook',
      excerpt: 'Guidance, margins, questions.',
    },
    {
      id: 2,
      source: 'product_specialist_templates',
      name: 'Channel check',
      content_type: 'highlight',
      excerpt: 'Who, where, what moved.',
    },
  ],
};
const groups: TagGroupsReply = {
  status: true,
  groups: [{ group: tag(10, 'Sectors', null), tags: [tag(11, 'Energy', 10), tag(12, 'Retail', 10)] }],
  ungrouped: [tag(13, 'Watch', null)],
};
const saved = (over: Partial<NotebookSetting>) =>
  doneEvent('save', {
    status: true,
    msg: 'Notebook settings saved.',
    setting: setting({ version: SAVED, updated_by: 'keeper', ...over }),
  });
const stale = staleEvent('save', {
  stale: true,
  msg: "colleague changed this notebook's settings since you opened them; they are shown as saved now.",
  setting: setting({
    version: 2,
    updated_by: 'colleague',
    notification: { frequency: 'daily', content_types: ['email'] },
  }),
});
const colourValid = (color: string) => color === '' || COLOR_PATTERN.test(color);

export const notebookSettingsPlan: MachinePlan<typeof notebookSettingsMachine> = {
  machine: notebookSettingsMachine,
  input: { userId: 7, mayEdit: true, mayCreateGroup: true, draft: null },
  events: [
    { type: 'load.retry' },
    { type: 'frequency.set', frequency: 'instant' },
    { type: 'content.toggle', content: 'notebook' },
    { type: 'content.toggle', content: 'bookmark' },
    { type: 'source.pick', source: 'product_specialist_templates' },
    { type: 'template.toggle', id: 2 },
    { type: 'tag.toggle', id: 12 },
    { type: 'save', part: 'notification' },
    { type: 'save', part: 'templates' },
    { type: 'save', part: 'tags' },
    { type: 'save.retry' },
    { type: 'stale.discard' },
    { type: 'group.open' },
    { type: 'group.set', field: 'name', value: 'Regions' },
    { type: 'group.set', field: 'color', value: 'blue' },
    { type: 'group.create' },
    { type: 'group.cancel' },
  ],
  outcomes: [
    { name: 'loaded', event: doneEvent('loadNotebook', { setting: read, library, groups }) },
    { name: 'loadFailed', event: failedEvent('loadNotebook') },
    {
      name: 'notificationSaved',
      event: saved({ notification: { frequency: 'instant', content_types: ['notebook', 'bookmark'] } }),
    },
    { name: 'templatesSaved', event: saved({ template_ids: [1, 2] }) },
    { name: 'tagsSaved', event: saved({ tag_ids: [11, 12] }) },
    {
      name: 'contentRefused',
      event: refusedEvent('save', {
        content_types: 'Choose at least one kind of content, or set the frequency to Never.',
      }),
    },
    { name: 'savedMeanwhile', event: stale },
    { name: 'saveFailed', event: failedEvent('save') },
    {
      name: 'groupCreated',
      event: doneEvent('createGroup', { group: tag(20, 'Regions', null), msg: 'Tag group Regions created.' }),
    },
    { name: 'groupRefused', event: refusedEvent('createGroup', { color: 'Pick a colour like #C0C0C0.' }) },
    { name: 'groupFailed', event: failedEvent('createGroup') },
  ],
  serializeState: (s) => {
    const c = s.context;
    const n = c.notification;
    return JSON.stringify([
      s.value,
      c.stale !== null,
      c.saveError !== null,
      Object.values(c.fieldErrors).some(Boolean),
      c.groupError !== null,
      c.source,
      c.setting?.version === SAVED,
      n.frequency,
      n.content_types.length,
      n.content_types.includes('bookmark'),
      partChanged(c.setting, c, 'notification'),
      partChanged(c.setting, c, 'templates'),
      partChanged(c.setting, c, 'tags'),
      c.newGroup.name !== '',
      c.newGroup.color !== '',
    ]);
  },
  // One change at a time, each control once, in a person's order (the frequency, then bookmarks;
  // or every kind of content unticked); once a save went through the setting is left as it is.
  // A save's answer is the one the server gives what is sent: every kind of content unticked is
  // refused, a colour not like #C0C0C0 too; someone else first is met on the notification's save.
  filterEvents: (s, e) => {
    const c = s.context;
    const done = c.setting?.version === SAVED;
    const n = c.notification;
    const empty = n.content_types.length === 0;
    const untouched =
      c.setting?.version === READ &&
      c.source === '' &&
      !['notification', 'templates', 'tags'].some((p) => partChanged(c.setting, c, p as NotebookPart));
    switch (e.type) {
      case 'frequency.set':
        return untouched && c.stale === null;
      case 'content.toggle':
        return e['content'] === 'notebook'
          ? untouched
          : !done && c.stale === null && n.frequency === 'instant' && !n.content_types.includes('bookmark');
      case 'source.pick':
        return untouched;
      case 'template.toggle':
      case 'tag.toggle':
        return untouched;
      case 'save':
        return !done && (e['part'] !== 'notification' || empty || n.content_types.includes('bookmark'));
      // Cancel is pressed while the dialog waits on nothing.
      case 'group.cancel':
        return !s.hasTag('busy');
      case 'group.open':
        return untouched && c.stale === null && c.saveError === null;
      case 'group.set':
        return e['field'] === 'name'
          ? c.newGroup.name === ''
          : c.newGroup.name !== '' && c.newGroup.color === '' && c.groupError === null;
      case 'xstate.done.actor.save': {
        const part =
          c.part === 'notification' ? 'notificationSaved' : c.part === 'templates' ? 'templatesSaved' : 'tagsSaved';
        return (
          e === notebookSettingsPlan.outcomes.find((o) => o.name === part)!.event &&
          !(c.part === 'notification' && empty)
        );
      }
      case 'xstate.error.actor.save': {
        if (e['error']?.status === 400) return c.part === 'notification' && empty;
        if (e['error']?.status === 409) return c.part === 'notification' && !empty && c.stale === null;
        return c.part === 'notification' && !empty && c.stale === null;
      }
      case 'xstate.done.actor.createGroup':
        return colourValid(c.newGroup.color);
      case 'xstate.error.actor.createGroup':
        return e['error']?.status === 400
          ? !colourValid(c.newGroup.color)
          : colourValid(c.newGroup.color) && c.groupError === null;
      default:
        return true;
    }
  },
};

/** Choices kept across a reload: 'As it happens' with bookmarks too, a tag ticked. */
export const PLAN_NOTEBOOK_DRAFT: NotebookDraft = {
  notification: { frequency: 'instant', content_types: ['notebook', 'bookmark'] },
  tag_ids: [11, 12],
};
export const notebookSettingsDraftPlan: MachinePlan<typeof notebookSettingsMachine> = {
  machine: notebookSettingsMachine,
  input: { userId: 7, mayEdit: true, mayCreateGroup: true, draft: PLAN_NOTEBOOK_DRAFT },
  events: [{ type: 'save', part: 'notification' }],
  outcomes: notebookSettingsPlan.outcomes.filter((o) => o.name === 'loaded' || o.name === 'notificationSaved'),
  serializeState: notebookSettingsPlan.serializeState!,
};

/** A read-only viewer (support): everything shown, nothing to change. */
export const notebookSettingsReadOnlyPlan: MachinePlan<typeof notebookSettingsMachine> = {
  machine: notebookSettingsMachine,
  input: { userId: 7, mayEdit: false, mayCreateGroup: false, draft: null },
  events: [],
  outcomes: notebookSettingsPlan.outcomes.filter((o) => o.name === 'loaded'),
  serializeState: notebookSettingsPlan.serializeState!,
};
