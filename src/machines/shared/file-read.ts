// What an upload machine keeps of a file read in the worker (src/domain/identifier-file.ts): the
// bulk tag upload and the group membership upload read files the same way.
import { assign, fromPromise, type EventObject, type MachineContext } from 'xstate';
import { IDENTIFIER_FILE_MAX_BYTES, type IdentifierFile } from '../../domain/identifier-file';
import { failureMessage } from './failure';
import { chooseFile, chosenFileOf, chosenFileProblem, fileRefusedState } from './upload-choice';
import { parseFileInvoke } from './upload-parse';

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

/** The identifiers the file held, as read (none before a file is read). */
export const uploadedValues = (context: FileReadContext): string[] => context.upload?.values ?? [];

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
 * read) and `parseFailed` (`readingStates`), then `parsed`: the `file.choose` transitions
 * (`choose`) for the later states, with the actions and guards they name
 * and the `parseFile` actor the live wiring provides.
 * A file over the identifier file's limit is refused before it is read. A new file, refused here or
 * taken to be read, empties what the last one led to (`emptied`: its check, its outcome). Given the
 * machine's context and events first: `fileReadSteps<Context, Event>()({ machine, emptied })`.
 */
export const fileReadSteps =
  <C extends FileReadContext, E extends EventObject>() =>
  <M extends string>({ machine, emptied }: { machine: M; emptied: Partial<C> }) => {
    const maxBytes = IDENTIFIER_FILE_MAX_BYTES;
    const fileOf = (event: E) => chosenFileOf<ChosenFile>(event);
    const newFile = (file: ChosenFile, refusal: string | null) =>
      ({ fileName: file.name, upload: null, ...emptied, error: null, refusal }) as Partial<C>;
    const choose = chooseFile(machine, 'parseFailed', 'parsing');
    const refused = fileRefusedState(machine, 'parseFailed', 'parsing', 'idle');
    return {
      /** Reads the file off the page's thread (a Web Worker in the page; the parser itself in tests). */
      parseFile: fromPromise<IdentifierFile, { file: ChosenFile }>(() =>
        Promise.reject(new Error('provide parseFile')),
      ),
      choose,
      /**
       * The states up to the file's read: choosing it, reading it in the worker (tagged
       * `parsingTags`), and refused whole (another file, or start over).
       */
      readingStates: <T extends string>(parsingTags: readonly T[]) => ({
        idle: { tags: ['choosing'], on: { 'file.choose': choose } },
        parsing: { tags: [...parsingTags], invoke: parseFileInvoke('parsed', 'parseFailed') },
        parseFailed: refused,
      }),
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
