// Reads a bulk tag file in a Web Worker of its own (one per file, ended once it answers), so the
// page stays responsive however long the file is.
import type { IdentifierFile } from '../domain/identifier-file';
import { workerAnswer } from './worker-answer';

export function readIdentifierFileInWorker(file: File): Promise<IdentifierFile> {
  return workerAnswer(
    new Worker(new URL('./identifier-file.worker.ts', import.meta.url), { type: 'module', name: 'identifier-file' }),
    file,
  );
}
