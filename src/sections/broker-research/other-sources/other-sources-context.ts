import { createActorContext } from '@xstate/react';
import { otherSourceUploadMachine } from './other-sources.machine';

export const OtherSourceUploadCtx = createActorContext(otherSourceUploadMachine);
