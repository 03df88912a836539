// The real services of Broker Domain Mappings' machine, beside it so they load with the tab.
import { fromPromise } from 'xstate';
import {
  addDomainMapping,
  editDomainMapping,
  fetchDomainMappings,
  fetchDomainUsers,
  findDomainBrokers,
  removeDomainMapping,
} from './domain-mappings.service';
import { domainMappingsMachine } from './domain-mappings.machine';

export const liveDomainMappingsMachine = domainMappingsMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => fetchDomainMappings(input)),
    findBrokers: fromPromise(({ input }) => findDomainBrokers(input.text)),
    saveMapping: fromPromise(({ input: { form } }) =>
      form.mode === 'add'
        ? addDomainMapping(form.values.domain, form.values.broker?.id ?? null)
        : editDomainMapping(form.id!, form.version, form.values.domain, form.values.broker?.id ?? null),
    ),
    removeMapping: fromPromise(({ input }) => removeDomainMapping(input.id, input.version)),
    loadUsers: fromPromise(({ input }) => fetchDomainUsers(input.domain)),
  },
});
