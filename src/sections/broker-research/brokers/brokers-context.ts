import { createActorContext } from '@xstate/react';
import { brokerUserGroupsMachine } from './brokers.machine';

export const BrokersCtx = createActorContext(brokerUserGroupsMachine);
