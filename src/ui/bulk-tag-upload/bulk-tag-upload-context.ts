import { createActorContext } from '@xstate/react';
import { bulkTagUploadMachine } from '../../machines/bulk-tag-upload/bulk-tag-upload.machine';

export const BulkTagUploadCtx = createActorContext(bulkTagUploadMachine);
