import { createActorContext } from '@xstate/react';
import { researchFulfillmentsMachine } from '../../../machines/research-fulfillments/research-fulfillments.machine';

export const FulfillmentsCtx = createActorContext(researchFulfillmentsMachine);
