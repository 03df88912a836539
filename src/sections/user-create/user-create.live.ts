// The real services of this screen's machine. Beside the machine rather than in live.ts (the
// first page load's actors), so they load with the lazy section that uses them, never with /login.
import { fromPromise } from 'xstate';
import { fetchOutbox } from '../../services/mail.service';
import { checkUsername, loadCreateChoices, registerUsers } from './user-create.service';
import { userCreateMachine } from './user-create.machine';

export const liveUserCreateMachine = userCreateMachine.provide({
  actors: {
    loadSetup: fromPromise(({ input }) => loadCreateChoices(input.product)),
    checkUsername: fromPromise(({ input }) => checkUsername(input.username)),
    register: fromPromise(({ input }) => registerUsers(input.product, input.request)),
    loadOutbox: fromPromise(() => fetchOutbox()),
  },
});
