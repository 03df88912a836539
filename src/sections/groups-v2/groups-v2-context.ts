import { createActorContext } from '@xstate/react';
import { groupBrowserMachine } from './groups-v2.machine';
import { groupBulkUploadMachine } from './groups-v2-upload.machine';

export const GroupBrowserCtx = createActorContext(groupBrowserMachine);
export const GroupBulkUploadCtx = createActorContext(groupBulkUploadMachine);
