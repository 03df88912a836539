// The real services of the Restrict Broker screen's machine, loaded with its lazy section.
import { fromPromise } from 'xstate';
import { fetchMyBrokers, fetchOrganizationUsers, runBrokerAction, saveBrokerFlags } from './restrict-broker.service';
import { fetchOrganization } from '../organizations/organizations.service';
import { brokerActionsMachine, listOfAction } from './restrict-broker.machine';

export const liveBrokerActionsMachine = brokerActionsMachine.provide({
  actors: {
    findOrg: fromPromise(async ({ input }) => {
      const org = await fetchOrganization(input.orgId);
      return org && { title: org.name, org_id: org.id, salesforceId: org.salesforceId };
    }),
    // An organization without a CRM account id has no users to list here.
    loadUsers: fromPromise(async ({ input }) =>
      input.sfAccId ? fetchOrganizationUsers(input.sfAccId) : { status: true as const, user: [], more: false },
    ),
    loadBrokers: fromPromise(({ input }) => fetchMyBrokers(input.product, input.email)),
    runAction: fromPromise(({ input }) =>
      runBrokerAction(input.product, input.email, input.action, input.brokers, listOfAction(input.action) === null),
    ),
    saveFlags: fromPromise(({ input }) => saveBrokerFlags(input.product, input.email, { [input.flag]: input.value })),
  },
});
