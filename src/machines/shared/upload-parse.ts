// Reading an identifier file in the worker (the `parseFile` actor): read, refused whole by the
// reader, or the reader stopped. The machine names the two states and defines the three actions
// (`takeRead`, `refuseRead`, `readerStopped`) on its own context.
import type { IdentifierFile } from '../../domain/identifier-file';
import { chosenFileOf } from './upload-choice';
import { errorOf } from './failure';

type Read = { event: { output: IdentifierFile } };
const outputOf = ({ event }: Read) => event.output;

/** The `parseFile` invoke of the reading state: to `parsed` when the file reads, else to `failed`. */
export const parseFileInvoke = <P extends string, F extends string>(parsed: P, failed: F) =>
  ({
    id: 'parseFile',
    src: 'parseFile',
    input: ({ event }: { event: { type: string } }) => ({ file: chosenFileOf(event) }),
    onDone: [
      {
        guard: { type: 'fileRead', params: outputOf },
        target: parsed,
        actions: { type: 'takeRead', params: outputOf },
      },
      { target: failed, actions: { type: 'refuseRead', params: outputOf } },
    ],
    onError: {
      target: failed,
      actions: { type: 'readerStopped', params: errorOf },
    },
  }) as const;
