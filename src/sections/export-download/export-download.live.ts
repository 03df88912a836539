// The export call of one screen, given to the shared export machine.
import { fromPromise } from 'xstate';
import { exportDownload } from '../../services/downloads';
import { exportDownloadMachine } from './export-download.machine';

/** The export machine posting to `action`; `fallbackName` names the file when the server does not. */
export const exportDownloadFor = (action: string, fallbackName: string, leaveOutEmpty = false) =>
  exportDownloadMachine.provide({
    actors: {
      download: fromPromise(({ input }) => exportDownload(action, input.fields, fallbackName, leaveOutEmpty)),
    },
  });
