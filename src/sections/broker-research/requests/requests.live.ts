// The real services of Broker Research → Requests.
import { fromPromise } from 'xstate';
import { actOnRequest, applyBulk, fetchBrokers, fetchRequest, listRequests, previewBulk } from './requests.service';
import { researchRequestsMachine } from './requests.machine';

/** The machine with its calls; `product` names the broker id field of GET api/broker/. */
export const liveResearchRequestsMachine = (product: string) =>
  researchRequestsMachine.provide({
    actors: {
      listRequests: fromPromise(async ({ input }) => {
        const [page, brokers] = await Promise.all([
          listRequests(input.query),
          input.withBrokers ? fetchBrokers(product) : Promise.resolve(null),
        ]);
        return { page, brokers };
      }),
      loadRequest: fromPromise(({ input }) => fetchRequest(input.id)),
      actOn: fromPromise(({ input }) => actOnRequest(input)),
      previewBulk: fromPromise(({ input }) => previewBulk(input)),
      applyBulk: fromPromise(({ input }) => applyBulk(input)),
    },
  });
