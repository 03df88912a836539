// The real services of this screen's machine. Beside the machine rather than in live.ts (the
// first page load's actors), so they load with the lazy section that uses them, never with /login.
import { fromPromise } from 'xstate';
import { fetchOutbox, sendWelcomeEmail } from '../../services/mail.service';
import { getAdminPrivileges, getUserSessions, killUserSessions, loadUserForEdit, setAdminPrivileges, updateAccount } from '../../services/user-edit.service';
import { userEditMachine } from './user-edit.machine';

/** The user edit screen: one user's record, its save, sessions, privileges, welcome email and outbox messages. */
export const liveUserEditMachine = userEditMachine.provide({
  actors: {
    loadUser: fromPromise(({ input }) => loadUserForEdit(input.product, input.userId)),
    saveUser: fromPromise(({ input }) => updateAccount(input.product, input.save)),
    sendWelcome: fromPromise(({ input }) => sendWelcomeEmail(input.userId)),
    loadSessions: fromPromise(({ input }) => getUserSessions(input.userId)),
    endSessions: fromPromise(({ input }) => killUserSessions(input.userId, input.keys)),
    loadPrivileges: fromPromise(({ input }) => getAdminPrivileges(input.userId)),
    savePrivileges: fromPromise(({ input }) => setAdminPrivileges(input.userId, input.privileges)),
    loadOutbox: fromPromise(({ input }) => fetchOutbox(input.userId)),
  },
});
