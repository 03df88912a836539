import { createActorContext } from '@xstate/react';
import { researchRequestsMachine } from '../../../machines/research-requests/research-requests.machine';

export const RequestsCtx = createActorContext(researchRequestsMachine);
