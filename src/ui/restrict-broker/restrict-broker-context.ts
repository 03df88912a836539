import { createActorContext } from '@xstate/react';
import { brokerActionsMachine } from '../../machines/broker-actions/broker-actions.machine';

export const BrokerActionsCtx = createActorContext(brokerActionsMachine);
