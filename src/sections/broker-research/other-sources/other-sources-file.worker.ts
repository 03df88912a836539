// The thread that reads a file of entitlements from another source, so 100,000 rows never hold
// up the page: the file in, the read's summary out (src/domain/broker-research-other-sources.ts
// holds every rule).
import { readOtherSourceFile, summariseOtherSourceFile } from '../../../domain/broker-research-other-sources';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<File>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (e) => {
  e.data.arrayBuffer().then(
    (buffer) => scope.postMessage(summariseOtherSourceFile(readOtherSourceFile(new Uint8Array(buffer)))),
    (error: unknown) =>
      scope.postMessage({
        ok: false,
        reason: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
        problems: [],
      }),
  );
};
