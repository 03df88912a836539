// What an upload machine keeps of a file read in the worker (src/domain/identifier-file.ts): the
// bulk tag upload and the group membership upload read files the same way.
import type { IdentifierFile } from '../../domain/identifier-file';
import type { ParsedUpload } from '../bulk-tag-upload/bulk-tag-upload.types';

export function parsedUpload(fileName: string | null, outcome: IdentifierFile): ParsedUpload {
  const read = outcome as Extract<IdentifierFile, { ok: true }>;
  return {
    fileName: fileName ?? '', values: read.values, rows: read.rows, header: read.header,
    problemCount: read.problemCount, problems: read.problems, problemsCsv: read.problemsCsv,
  };
}

/** Why a file was refused whole. */
export const readRefusal = (outcome: IdentifierFile): string => (outcome as Extract<IdentifierFile, { ok: false }>).reason;
