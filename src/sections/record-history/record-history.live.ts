// The real service of the History tab's machine, beside it so it loads with the screens that show it.
import { fromPromise } from 'xstate';
import { fetchRecordHistory } from '../audit-log/audit-log.service';
import { recordHistoryMachine } from './record-history.machine';

export const liveRecordHistoryMachine = recordHistoryMachine.provide({
  actors: { loadHistory: fromPromise(({ input }) => fetchRecordHistory(input)) },
});
