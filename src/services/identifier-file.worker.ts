// The thread that reads a bulk tag file, so 100,000 rows never hold up the page: the file in,
// the packed read out (src/domain/identifier-file.ts holds every rule).
import { readIdentifierFile } from '../domain/identifier-file';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<File>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  e.data.arrayBuffer().then(
    (buffer) => {
      const read = readIdentifierFile(new Uint8Array(buffer));
      scope.postMessage(read, read.ok ? [read.rows.buffer] : []);
    },
    (error: unknown) =>
      scope.postMessage({
        ok: false,
        reason: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
        problems: [],
      }),
  );
};
