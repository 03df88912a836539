// The real services of Group ManagementV2's browser.
import { fromPromise } from 'xstate';
import { fetchGroupMembers, removeGroupMember, searchGroups } from './groups-v2.service';
import { groupBrowserMachine } from './groups-v2.machine';

export const liveGroupBrowserMachine = groupBrowserMachine.provide({
  actors: {
    searchGroups: fromPromise(({ input }) => searchGroups(input)),
    loadMembers: fromPromise(({ input }) => fetchGroupMembers(input.groupId)),
    removeMember: fromPromise(({ input }) => removeGroupMember(input.groupId, input.userId)),
  },
});
