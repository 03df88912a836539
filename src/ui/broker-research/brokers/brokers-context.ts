import { createActorContext } from '@xstate/react';
import { brokerUserGroupsMachine } from '../../../machines/broker-user-groups/broker-user-groups.machine';

export const BrokersCtx = createActorContext(brokerUserGroupsMachine);
