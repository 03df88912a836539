// The real services of the Administrator privileges tab's machine; the edit page's live machine runs it.
import { fromPromise } from 'xstate';
import { getAdminPrivileges, setAdminPrivileges } from './user-edit.service';
import { userPrivilegesMachine } from './user-privileges.machine';

export const liveUserPrivilegesMachine = userPrivilegesMachine.provide({
  actors: {
    loadPrivileges: fromPromise(({ input }) => getAdminPrivileges(input.userId)),
    savePrivileges: fromPromise(({ input }) => setAdminPrivileges(input.userId, input.privileges)),
  },
});
