// One export's download, the same for every export of the panel (decision 095): the file is
// prepared by the server and fetched whole, and the page says so meanwhile ("Preparing export…",
// its buttons waiting), then what arrived ("Downloaded 1,234 rows.") or why nothing did. A
// screen's machine spawns it as the child `export` and sends it each request; the live wiring
// gives it the call for that screen's export path.
import { assign, fromPromise, setup } from 'xstate';
import type { ReceivedExport } from './export-download.types';
import { serverMessage } from '../../machines/shared/failure';

/** What the screen asks for: the format and the fields of its export form. */
export interface ExportRequest {
  format: string;
  fields: Record<string, unknown>;
}

export interface ExportDownloadContext {
  format: string | null;
  received: ReceivedExport | null;
  error: string;
}

export const exportDownloadMachine = setup({
  types: {
    context: {} as ExportDownloadContext,
    events: {} as { type: 'export.start'; request: ExportRequest },
  },
  actors: {
    // Replaced by the live wiring with the screen's export call (downloads.ts exportDownload).
    download: fromPromise<ReceivedExport, ExportRequest>(() => Promise.reject(new Error('No export call.'))),
  },
}).createMachine({
  id: 'exportDownload',
  context: { format: null, received: null, error: '' },
  initial: 'idle',
  on: {
    'export.start': {
      target: '.preparing',
      actions: assign({ format: ({ event }) => event.request.format, received: null, error: '' }),
    },
  },
  states: {
    idle: {},
    preparing: {
      tags: ['busy'],
      // A second press waits for the first file: the buttons are locked meanwhile.
      on: { 'export.start': {} },
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ event }) => (event as { request: ExportRequest }).request,
        onDone: { target: 'downloaded', actions: assign({ received: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => serverMessage(event.error) }) },
      },
    },
    downloaded: {},
    failed: {},
  },
});

/** The child's id in a screen's machine (invoked at its root, so it lasts as long as the screen). */
export const EXPORT_CHILD = 'export';

/** A screen machine's action sending its export form to the child; the format travels in the fields. */
export const exportStart = (_: unknown, params: { fields: Record<string, unknown> & { format: string } }) => ({
  type: 'export.start' as const,
  request: { format: params.fields.format, fields: params.fields },
});
