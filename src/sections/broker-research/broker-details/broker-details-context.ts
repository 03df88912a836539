import { createActorContext } from '@xstate/react';
import { brokerDetailsMachine } from './broker-details.machine';

export const BrokerDetailsCtx = createActorContext(brokerDetailsMachine);
