import { createActorContext } from '@xstate/react';
import { brokerDetailsMachine } from '../../../machines/broker-details/broker-details.machine';

export const BrokerDetailsCtx = createActorContext(brokerDetailsMachine);
