import { createActorContext } from '@xstate/react';
import { brokerActionsMachine } from './restrict-broker.machine';

export const BrokerActionsCtx = createActorContext(brokerActionsMachine);
