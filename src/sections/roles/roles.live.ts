// The real services of Role Management's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { createRole, deleteRole, fetchRoles, holdRole, readReach, updateRole } from './roles.service';
import { roleEditorMachine } from './roles.machine';

export const liveRoleEditorMachine = roleEditorMachine.provide({
  actors: {
    loadRoles: fromPromise(() => fetchRoles()),
    saveRole: fromPromise(({ input }) =>
      input.id === null ? createRole(input) : updateRole(input.id, input.version, input),
    ),
    removeRole: fromPromise(({ input }) => deleteRole(input.id, input.version, input.removeHolders)),
    holdRole: fromPromise(({ input }) => holdRole(input.userId, input.roleId, input.hold)),
    readReach: fromPromise(({ input }) => readReach(input.userId)),
  },
});
