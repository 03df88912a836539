import { createActorContext } from '@xstate/react';
import { researchRequestsMachine } from './requests.machine';

export const RequestsCtx = createActorContext(researchRequestsMachine);
