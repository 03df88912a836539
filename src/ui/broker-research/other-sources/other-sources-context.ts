import { createActorContext } from '@xstate/react';
import { otherSourceUploadMachine } from '../../../machines/other-source-upload/other-source-upload.machine';

export const OtherSourceUploadCtx = createActorContext(otherSourceUploadMachine);
