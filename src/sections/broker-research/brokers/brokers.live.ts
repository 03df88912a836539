// The real services of the Brokers tab's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { fetchBrokerPage } from '../broker-details/broker-details.service';
import {
  addMembers,
  deleteUserGroup,
  fetchBrokerGroups,
  fetchMembers,
  fetchUserGroups,
  removeMember,
  saveUserGroup,
} from './brokers.service';
import { brokerUserGroupsMachine } from './brokers.machine';

/** The machine with its calls; the broker groups' ids travel with the product's key. */
export const liveBrokerUserGroupsMachine = (product: string) =>
  brokerUserGroupsMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const [page, brokerGroups] = await Promise.all([
          fetchBrokerPage({ q: input.query.q, pb: input.query.pb, cursor: input.query.cursor }),
          input.withBrokerGroups ? fetchBrokerGroups(product) : Promise.resolve(null),
        ]);
        return { page, brokerGroups };
      }),
      loadGroups: fromPromise(({ input }) => fetchUserGroups(input.broker)),
      saveGroup: fromPromise(({ input }) =>
        saveUserGroup({
          broker: input.form.broker,
          group: input.form.group,
          version: input.form.version,
          ...input.form.values,
        }),
      ),
      deleteGroup: fromPromise(({ input }) => deleteUserGroup(input.group, input.version)),
      loadMembers: fromPromise(({ input }) => fetchMembers(input.group)),
      addMembers: fromPromise(({ input }) => addMembers(input.group, input.users)),
      removeMember: fromPromise(({ input }) => removeMember(input.group, input.user)),
    },
  });
