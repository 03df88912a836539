// The create screen's machine with its real services. Provided here rather than in live.ts: the
// machine brings the CSV reader (papaparse), which belongs in the create section's lazy chunk,
// not in the bundle every page (and /login) loads.
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { userCreateMachine } from '../../machines/user-create/user-create.machine';
import { checkUsername, fetchOutbox, loadCreateChoices, registerUsers } from '../../services/user-create.service';

export const liveUserCreateMachine = userCreateMachine.provide({
  actors: {
    loadSetup: fromPromise(({ input }) => loadCreateChoices(input.product)),
    checkUsername: fromPromise(({ input }) => checkUsername(input.username)),
    register: fromPromise(({ input }) => registerUsers(input.product, input.request)),
    loadOutbox: fromPromise(() => fetchOutbox()),
  },
});

export const UserCreateCtx = createActorContext(userCreateMachine);
