import type { SnapshotFrom } from 'xstate';
import type { LibraryTemplate } from '../../domain/notebook';
import type { notebookSettingsMachine } from './notebook.machine';
import { draftOf, partChanged } from './notebook.rules';
import type { NotebookDraft, NotebookPart } from './notebook.types';

type S = SnapshotFrom<typeof notebookSettingsMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;
export const selectReady = (s: S) => s.matches('ready');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectMayEdit = (s: S) => s.context.mayEdit;
export const selectMayCreateGroup = (s: S) => s.context.mayCreateGroup;
export const selectSetting = (s: S) => s.context.setting;
export const selectNotebook = (s: S) => s.context.notebook;
export const selectNotification = (s: S) => s.context.notification;
export const selectTemplateIds = (s: S) => s.context.templateIds;
export const selectTagIds = (s: S) => s.context.tagIds;
export const selectSources = (s: S) => s.context.library.sources;
export const selectSource = (s: S) => s.context.source;
export const selectGroups = (s: S) => s.context.groups;
export const selectFieldErrors = (s: S) => s.context.fieldErrors;
export const selectStale = (s: S) => s.context.stale;
export const selectSaveError = (s: S) => s.context.saveError;
export const selectNotice = (s: S) => s.context.notice;
export const selectNewGroup = (s: S) => s.context.newGroup;
export const selectGroupError = (s: S) => s.context.groupError;
export const selectGroupOpen = (s: S) => s.matches({ ready: 'group' });
export const selectCreatingGroup = (s: S) => s.matches({ ready: { group: 'creating' } });
/** The part being saved now, if any. */
export const selectSavingPart = (s: S): NotebookPart | null => (s.matches({ ready: 'saving' }) ? s.context.part : null);
/** The content types can be chosen only while the platform emails at all. */
export const selectContentOpen = (s: S) => s.context.mayEdit && s.context.notification.frequency !== 'off';
export const selectPartChanged = (part: NotebookPart) => (s: S) => partChanged(s.context.setting, s.context, part);
/** The library's templates of the source picked ('' : all of them). */
export const selectTemplates = (s: S): LibraryTemplate[] =>
  s.context.source === ''
    ? s.context.library.templates
    : s.context.library.templates.filter((t) => t.source === s.context.source);
/** Some choice on screen is not saved: leaving would lose it. */
export const selectFormChanged = (s: S) => s.matches('ready') && draftOf(s.context.setting, s.context) !== null;
/** What to keep across a reload (decision 042); undefined until the setting is read and a kept draft taken up. */
export const selectDraftToKeep = (s: S): NotebookDraft | null | undefined => {
  if (s.context.draft !== null || s.context.setting === null) return undefined;
  return draftOf(s.context.setting, s.context);
};
