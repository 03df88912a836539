// The real services of Group ManagementV2's browser.
import { fromPromise } from 'xstate';
import { fetchGroupMembers, removeGroupMember, searchGroups } from '../../services/groups-v2.service';
import { groupBrowserMachine } from './group-browser.machine';

export const liveGroupBrowserMachine = groupBrowserMachine.provide({
  actors: {
    searchGroups: fromPromise(({ input }) => searchGroups(input)),
    loadMembers: fromPromise(({ input }) => fetchGroupMembers(input.groupId)),
    removeMember: fromPromise(({ input }) => removeGroupMember(input.groupId, input.userId)),
  },
});
