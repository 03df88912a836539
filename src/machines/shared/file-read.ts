// What an upload machine keeps of a file read in the worker (src/domain/identifier-file.ts): the
// bulk tag upload and the group membership upload read files the same way.
import type { IdentifierFile } from '../../domain/identifier-file';

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
