// The real services of this screen's machine. Beside the machine rather than in live.ts (the
// first page load's actors), so they load with the lazy section that uses them, never with /login.
import { fromPromise } from 'xstate';
import { sendWelcomeEmail } from '../../services/mail.service';
import { loadUserForEdit, updateAccount } from './user-edit.service';
import { liveUserEmailsMachine } from './user-emails.live';
import { liveUserPrivilegesMachine } from './user-privileges.live';
import { liveUserSessionsMachine } from './user-sessions.live';
import { userEditMachine } from './user-edit.machine';

/** The user edit screen: one user's record, its save and welcome email, and the tabs' own machines. */
export const liveUserEditMachine = userEditMachine.provide({
  actors: {
    loadUser: fromPromise(({ input }) => loadUserForEdit(input.product, input.userId)),
    saveUser: fromPromise(({ input }) => updateAccount(input.product, input.save)),
    sendWelcome: fromPromise(({ input }) => sendWelcomeEmail(input.userId)),
    userSessions: liveUserSessionsMachine,
    userPrivileges: liveUserPrivilegesMachine,
    userEmails: liveUserEmailsMachine,
  },
});
