// The Notebook tab's rules, pure: which parts the person changed, what a stale save carries, and
// the version words of §9.
import { conflictOf } from '../../domain/conflict';
import {
  NOTEBOOK_CONTENT_TYPES,
  StaleNotebookReply,
  type NotebookContentType,
  type NotebookSetting,
  type NotebookVersion,
  type NotificationSetting,
} from '../../domain/notebook';
import type { NotebookDraft, NotebookPart } from './notebook.types';

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && sorted(a).every((id, i) => id === sorted(b)[i]);
export const sameNotification = (a: NotificationSetting, b: NotificationSetting) =>
  a.frequency === b.frequency &&
  a.content_types.length === b.content_types.length &&
  a.content_types.every((c) => b.content_types.includes(c));

/** The content types with one more or one less, in the spec's order. */
export function toggledContent(
  types: readonly NotebookContentType[],
  content: NotebookContentType,
): NotebookContentType[] {
  const on = !types.includes(content);
  return NOTEBOOK_CONTENT_TYPES.filter((c) => (c === content ? on : types.includes(c)));
}
export const toggledId = (ids: readonly number[], id: number) =>
  ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id];

interface Choices {
  notification: NotificationSetting;
  templateIds: number[];
  tagIds: number[];
}

/** Whether the choices on screen differ from the stored setting in `part`. */
export function partChanged(setting: NotebookSetting | null, c: Choices, part: NotebookPart): boolean {
  if (!setting) return false;
  switch (part) {
    case 'notification':
      return !sameNotification(setting.notification, c.notification);
    case 'templates':
      return !sameIds(setting.template_ids, c.templateIds);
    case 'tags':
      return !sameIds(setting.tag_ids, c.tagIds);
  }
}

/** The changed parts as a draft to keep; null when nothing differs from the stored setting. */
export function draftOf(setting: NotebookSetting | null, c: Choices): NotebookDraft | null {
  if (!setting) return null;
  const draft: NotebookDraft = {};
  if (partChanged(setting, c, 'notification')) draft.notification = c.notification;
  if (partChanged(setting, c, 'templates')) draft.template_ids = c.templateIds;
  if (partChanged(setting, c, 'tags')) draft.tag_ids = c.tagIds;
  return Object.keys(draft).length ? draft : null;
}

/** A save refused because the setting moved on (HTTP 409): the setting as stored now. */
export const staleNotebookOf = (error: unknown): StaleNotebookReply | null => conflictOf(error, StaleNotebookReply);

const switcherText = (on: boolean) => (on ? 'switcher on' : 'switcher off');
/** 'Notebook v2 · switcher off': the user's own. */
export const userVersionText = (n: NotebookVersion) => `Notebook ${n.version} · ${switcherText(n.switcher)}`;
/** §9's rule for this deployment: 'New accounts on app start on v2; the switcher is off'. */
export const deploymentRuleText = (n: NotebookVersion) =>
  `New accounts on ${n.deployment} start on ${n.default_version}; the switcher is ${n.default_switcher ? 'on' : 'off'}`;
