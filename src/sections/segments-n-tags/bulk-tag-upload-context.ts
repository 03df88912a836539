import { createActorContext } from '@xstate/react';
import { bulkTagUploadMachine } from './bulk-tag-upload.machine';

export const BulkTagUploadCtx = createActorContext(bulkTagUploadMachine);
