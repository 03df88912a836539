import { createActorContext } from '@xstate/react';
import { bulkEditMachine } from '../../machines/bulk-edit/bulk-edit.machine';

export const BulkEditCtx = createActorContext(bulkEditMachine);
