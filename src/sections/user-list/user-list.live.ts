// The real services of this screen's machine. Beside the machine rather than in live.ts (the
// first page load's actors), so they load with the lazy section that uses them, never with /login.
import { fromPromise } from 'xstate';
import { EXPORT_PATH, searchUsers } from './user-list.service';
import { userListMachine } from './user-list.machine';
import { exportDownloadFor } from '../export-download/export-download.live';

/** The user list: its page loads, and the export. The screen adds the URL's side. */
export const liveUserListMachine = userListMachine.provide({
  actors: {
    searchUsers: fromPromise(({ input }) => searchUsers(input)),
    exportDownload: exportDownloadFor(EXPORT_PATH, 'users.csv'),
  },
});
