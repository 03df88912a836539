// The Notebook tab's machine (notebookSettings): what it is given, holds and hears.
import type {
  LibraryTemplatesReply,
  NotebookContentType,
  NotebookSetting,
  NotebookSettingReply,
  NotebookVersion,
  NotificationFrequency,
  NotificationSetting,
  SaveNotebookReply,
  TagGroupsReply,
} from '../../domain/notebook';
import type { Tag } from '../../domain/tags';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { FieldEvent, IdEvent } from '../../machines/shared/payload-event.types';

/** The three parts of the setting, each saved on its own under the one version. */
export type NotebookPart = 'notification' | 'templates' | 'tags';

/** The person's choices not saved yet (decision 042): a part left out is as stored. */
export interface NotebookDraft {
  notification?: NotificationSetting;
  template_ids?: number[];
  tag_ids?: number[];
}

export interface NotebookSettingsInput {
  userId: number;
  /** The session may change the user's notebook (edit_user). */
  mayEdit: boolean;
  /** The session may create tag groups (the `tags` feature). */
  mayCreateGroup: boolean;
  /** Choices kept across a reload, laid over the setting once it is read. */
  draft: NotebookDraft | null;
}

export interface NewGroup {
  name: string;
  desc: string;
  color: string;
}
export type NewGroupField = keyof NewGroup;

export type TagGroups = Omit<TagGroupsReply, 'status'>;
export type Library = Omit<LibraryTemplatesReply, 'status'>;

export interface NotebookSettingsContext {
  userId: number;
  mayEdit: boolean;
  mayCreateGroup: boolean;
  draft: NotebookDraft | null;
  /** As the server holds it (the version every save names). */
  setting: NotebookSetting | null;
  notebook: NotebookVersion | null;
  library: Library;
  groups: TagGroups;
  /** The source the template list shows; '' for every source. */
  source: string;
  /** The choices on screen. */
  notification: NotificationSetting;
  templateIds: number[];
  tagIds: number[];
  /** The part being saved, or whose save failed. */
  part: NotebookPart | null;
  /** The server's words per field of the last save or group refused; '_' for the whole request. */
  fieldErrors: Record<string, string>;
  /** A save someone else's change refused: their message; the choices stay on screen. */
  stale: string | null;
  /** A save that got no answer (Retry sends it again). */
  saveError: string | null;
  newGroup: NewGroup;
  groupError: string | null;
  notice: Notice | null;
  /** Why the tab could not be read. */
  error: string | null;
}

export type NotebookSettingsEvent =
  | BareEvent<'load.retry' | 'save.retry' | 'stale.discard' | 'group.open' | 'group.create' | 'group.cancel'>
  | { type: 'frequency.set'; frequency: NotificationFrequency }
  | { type: 'content.toggle'; content: NotebookContentType }
  | { type: 'source.pick'; source: string }
  | IdEvent<'template.toggle' | 'tag.toggle'>
  | { type: 'save'; part: NotebookPart }
  | FieldEvent<'group.set', NewGroupField>;

export interface LoadOutcome {
  setting: NotebookSettingReply;
  library: LibraryTemplatesReply;
  groups: TagGroupsReply;
}
export type SaveOutcome = SaveNotebookReply;
export interface SaveInput {
  part: NotebookPart;
  userId: number;
  version: number;
  notification: NotificationSetting;
  templateIds: number[];
  tagIds: number[];
}
export interface GroupOutcome {
  group: Tag;
  msg: string;
}
