import { createActorContext } from '@xstate/react';
import { reportsDashboardMachine } from './reports.machine';

export const ReportsCtx = createActorContext(reportsDashboardMachine);
