// The real services of the Notebook tab's machine, beside it so they load with the tab.
import { fromPromise } from 'xstate';
import {
  createTagGroup,
  fetchLibraryTemplates,
  fetchNotebookSetting,
  fetchTagGroups,
  saveNotebookTags,
  saveNoteTemplates,
  saveNotificationSetting,
} from './notebook.service';
import { notebookSettingsMachine } from './notebook.machine';

export const liveNotebookSettingsMachine = notebookSettingsMachine.provide({
  actors: {
    loadNotebook: fromPromise(async ({ input }) => {
      const [setting, library, groups] = await Promise.all([
        fetchNotebookSetting(input.userId),
        fetchLibraryTemplates(),
        fetchTagGroups(),
      ]);
      return { setting, library, groups };
    }),
    save: fromPromise(({ input }) => {
      if (input.part === 'notification')
        return saveNotificationSetting(input.userId, input.version, input.notification);
      if (input.part === 'templates') return saveNoteTemplates(input.userId, input.version, input.templateIds);
      return saveNotebookTags(input.userId, input.version, input.tagIds);
    }),
    createGroup: fromPromise(async ({ input }) => {
      const reply = await createTagGroup(input);
      return { group: reply.group, msg: reply.msg };
    }),
  },
});
