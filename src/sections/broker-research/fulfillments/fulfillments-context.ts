import { createActorContext } from '@xstate/react';
import { researchFulfillmentsMachine } from './fulfillments.machine';

export const FulfillmentsCtx = createActorContext(researchFulfillmentsMachine);
