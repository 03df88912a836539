import { createActorContext } from '@xstate/react';
import { reportsDashboardMachine } from '../../machines/reports-dashboard/reports-dashboard.machine';

export const ReportsCtx = createActorContext(reportsDashboardMachine);
