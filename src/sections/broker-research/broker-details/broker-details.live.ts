// The real services of Broker Details' machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { changeBroker, fetchBrokerDetails, fetchBrokerPage } from './broker-details.service';
import { brokerDetailsMachine, FIND_LIMIT } from './broker-details.machine';

export const liveBrokerDetailsMachine = brokerDetailsMachine.provide({
  actors: {
    loadDetails: fromPromise(({ input }) => fetchBrokerDetails(input.broker)),
    findBrokers: fromPromise(({ input }) => fetchBrokerPage({ q: input.text, limit: FIND_LIMIT })),
    changeBroker: fromPromise(({ input }) => changeBroker(input.broker, input.version, input.change)),
  },
});
