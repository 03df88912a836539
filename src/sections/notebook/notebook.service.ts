// The Notebook tab's calls (decision 065): plain functions, every reply parsed by its
// src/domain/notebook.ts schema. A stale save answers 409 with the setting as stored now, read
// by shape by the machine.
import * as v from 'valibot';
import {
  CreateTagGroupReply,
  LibraryTemplatesReply,
  NotebookSettingReply,
  SaveNotebookReply,
  TagGroupsReply,
  type NotificationSetting,
} from '../../domain/notebook';
import { http, toFormData } from '../../services/http';

const post = async <S extends v.GenericSchema>(
  schema: S,
  path: string,
  fields: Record<string, string>,
): Promise<v.InferOutput<S>> => v.parse(schema, await http(path, { method: 'POST', body: toFormData(fields) }));

export const fetchNotebookSetting = (userId: number) =>
  post(NotebookSettingReply, '/user/get_notebook_notifiaction_setting/', { user_id: String(userId) });

/** Every template of the library this session may read ('' ) or of one source. */
export async function fetchLibraryTemplates(source = ''): Promise<LibraryTemplatesReply> {
  const query = source ? `?${new URLSearchParams({ source })}` : '';
  return v.parse(LibraryTemplatesReply, await http(`/user/fetch_library_templates/${query}`));
}

export async function fetchTagGroups(): Promise<TagGroupsReply> {
  return v.parse(TagGroupsReply, await http('/user/fetch_tag_groups/'));
}

export const saveNotificationSetting = (userId: number, version: number, notification: NotificationSetting) =>
  post(SaveNotebookReply, '/user/save_notebook_notification_setting/', {
    user_id: String(userId),
    version: String(version),
    frequency: notification.frequency,
    content_types: JSON.stringify(notification.content_types),
  });

export const saveNoteTemplates = (userId: number, version: number, templateIds: readonly number[]) =>
  post(SaveNotebookReply, '/user/save_note_templates/', {
    user_id: String(userId),
    version: String(version),
    template_ids: JSON.stringify(templateIds),
  });

export const saveNotebookTags = (userId: number, version: number, tagIds: readonly number[]) =>
  post(SaveNotebookReply, '/user/save_notebook_tags/', {
    user_id: String(userId),
    version: String(version),
    tag_ids: JSON.stringify(tagIds),
  });

export const createTagGroup = (group: { name: string; desc: string; color: string }) =>
  post(CreateTagGroupReply, '/user/create_tag_group/', { name: group.name, desc: group.desc, color: group.color });
