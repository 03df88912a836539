// What an upload machine keeps of a file read in the worker (src/domain/identifier-file.ts): the
// bulk tag upload and the group membership upload read files the same way.
import { assign, type EventObject, type MachineContext } from 'xstate';
import type { IdentifierFile } from '../../domain/identifier-file';
import { failureMessage } from './failure';
import { chooseFile, chosenFileOf, chosenFileProblem, fileRefusedState } from './upload-choice';

/** A file as the machine needs it: what the file input gives (a File in the page). */
export type ChosenFile = Blob & { name: string };

/** The file's identifiers, read in the worker: what it read, under the file's name. */
export type ParsedUpload = { fileName: string } & Omit<Extract<IdentifierFile, { ok: true }>, 'ok'>;

export function parsedUpload(fileName: string | null, outcome: IdentifierFile): ParsedUpload {
  const read = outcome as Extract<IdentifierFile, { ok: true }>;
  return {
    fileName: fileName ?? '',
    values: read.values,
    rows: read.rows,
    header: read.header,
    problemCount: read.problemCount,
    problems: read.problems,
    problemsCsv: read.problemsCsv,
  };
}

/** Why a file was refused whole. */
export const readRefusal = (outcome: IdentifierFile): string =>
  (outcome as Extract<IdentifierFile, { ok: false }>).reason;

/** What such an upload keeps of its file, and why its server's check or apply failed. */
export interface FileReadContext extends MachineContext {
  fileName: string | null;
  upload: ParsedUpload | null;
  /** Why the file was refused whole. */
  refusal: string | null;
  error: string | null;
}

/**
 * The file's steps of such an upload `#machine`, whose states are `idle`, `parsing` (the worker's
 * read, `parseFileInvoke('parsed', 'parseFailed')`) and `parseFailed`: the `file.choose`
 * transitions (`choose`) and the refused state (`refused`), with the actions and guards they name.
 * A new file, refused here or taken to be read, empties what the last one led to (`emptied`: its
 * check, its outcome). Given the machine's context and events first:
 * `fileReadSteps<Context, Event>()({ machine, maxBytes, emptied })`.
 */
export const fileReadSteps =
  <C extends FileReadContext, E extends EventObject>() =>
  <M extends string>({ machine, maxBytes, emptied }: { machine: M; maxBytes: number; emptied: Partial<C> }) => {
    const fileOf = (event: E) => chosenFileOf<ChosenFile>(event);
    const newFile = (file: ChosenFile, refusal: string | null) =>
      ({ fileName: file.name, upload: null, ...emptied, error: null, refusal }) as Partial<C>;
    return {
      choose: chooseFile(machine, 'parseFailed', 'parsing'),
      refused: fileRefusedState(machine, 'parseFailed', 'parsing', 'idle'),
      actions: {
        refuseFileHere: assign<C, E, undefined, E, never>(({ event }) =>
          newFile(fileOf(event), chosenFileProblem(fileOf(event), maxBytes)),
        ),
        takeFile: assign<C, E, undefined, E, never>(({ event }) => newFile(fileOf(event), null)),
        takeRead: assign<C, E, IdentifierFile, E, never>(
          ({ context }, read) => ({ upload: parsedUpload(context.fileName, read) }) as Partial<C>,
        ),
        refuseRead: assign<C, E, IdentifierFile, E, never>((_, read) => ({ refusal: readRefusal(read) }) as Partial<C>),
        readerStopped: assign<C, E, unknown, E, never>(
          (_, error) => ({ refusal: failureMessage(error) }) as Partial<C>,
        ),
      },
      guards: {
        fileRefusedHere: ({ event }: { event: E }) => chosenFileProblem(fileOf(event), maxBytes) !== null,
        fileRead: (_: unknown, read: IdentifierFile) => read.ok,
      },
    };
  };
