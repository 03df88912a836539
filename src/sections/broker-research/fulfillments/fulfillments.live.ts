// The real services of FulFillments, beside the machine so they load with the section.
import { fromPromise } from 'xstate';
import {
  FULFILLMENT_EXPORT_PATH,
  endFulfillment,
  fetchBrokerCatalogue,
  listFulfillments,
} from './fulfillments.service';
import { filterFields } from './fulfillments.search';
import { researchFulfillmentsMachine } from './fulfillments.machine';
import { exportDownloadFor } from '../../export-download/export-download.live';

/** The machine with its calls; `product` names the broker id field of GET api/broker/. The tab adds the URL's side. */
export const liveResearchFulfillmentsMachine = (product: string) =>
  researchFulfillmentsMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const [reply, brokers] = await Promise.all([
          listFulfillments({ ...filterFields(input.search), cursor: input.cursor, with_total: input.withTotal }),
          input.withBrokers ? fetchBrokerCatalogue(product) : Promise.resolve(null),
        ]);
        return { reply, brokers };
      }),
      endFulfillment: fromPromise(({ input }) => endFulfillment(input.id, input.version, input.reason)),
      // The filters left empty are not sent.
      exportDownload: exportDownloadFor(FULFILLMENT_EXPORT_PATH, 'fulfillments.csv', true),
    },
  });
