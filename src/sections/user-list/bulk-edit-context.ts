import { createActorContext } from '@xstate/react';
import { bulkEditMachine } from './bulk-edit.machine';

export const BulkEditCtx = createActorContext(bulkEditMachine);
