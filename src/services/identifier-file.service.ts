// Reads a bulk tag file in a Web Worker of its own (one per file, ended once it answers), so the
// page stays responsive however long the file is.
import type { IdentifierFile } from '../domain/identifier-file';

export function readIdentifierFileInWorker(file: File): Promise<IdentifierFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./identifier-file.worker.ts', import.meta.url), { type: 'module', name: 'identifier-file' });
    worker.onmessage = (e: MessageEvent<IdentifierFile>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(`the file reader stopped: ${e.message || 'unknown error'}`));
    };
    worker.postMessage(file);
  });
}
