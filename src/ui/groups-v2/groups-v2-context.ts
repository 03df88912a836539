import { createActorContext } from '@xstate/react';
import { groupBrowserMachine } from '../../machines/group-browser/group-browser.machine';
import { groupBulkUploadMachine } from '../../machines/group-bulk-upload/group-bulk-upload.machine';

export const GroupBrowserCtx = createActorContext(groupBrowserMachine);
export const GroupBulkUploadCtx = createActorContext(groupBulkUploadMachine);
