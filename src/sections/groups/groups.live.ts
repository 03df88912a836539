// The real services of the Group Management screen's machine, loaded with its lazy section.
import { fromPromise } from 'xstate';
import { NO_GROUP } from '../../domain/groups';
import {
  addGroupUsers,
  createGroup,
  deleteGroup,
  fetchGroupMembers,
  fetchGroups,
  removeGroupUser,
  renameGroup,
  saveGroupSwitch,
} from './groups.service';
import { fetchOrganization } from '../organizations/organizations.service';
import { groupEditorMachine } from './groups.machine';

export const liveGroupEditorMachine = groupEditorMachine.provide({
  actors: {
    findOrg: fromPromise(async ({ input }) => {
      const org = await fetchOrganization(input.orgId);
      return org && { title: org.name, org_id: org.id, salesforceId: org.salesforceId };
    }),
    loadGroups: fromPromise(({ input }) => fetchGroups(input.organizationId, input.q)),
    loadMembers: fromPromise(({ input }) =>
      fetchGroupMembers(input.organizationId, input.list === 'none' ? NO_GROUP : input.list, input.cursor, input.q),
    ),
    saveGroup: fromPromise(({ input }) =>
      input.form.id === null
        ? createGroup(input.organizationId, input.form.name, input.form.kind)
        : renameGroup(input.form.id, input.form.version, input.form.name),
    ),
    removeGroup: fromPromise(({ input }) => deleteGroup(input.id, input.version)),
    changeGroup: fromPromise(({ input }) => {
      if (input.kind === 'add') return addGroupUsers(input.groupId, input.version, input.userIds);
      if (input.kind === 'remove') return removeGroupUser(input.groupId, input.version, input.userId);
      return saveGroupSwitch(input.groupId, input.version, input.key, input.value);
    }),
  },
});
