// The file-reading step of the upload machines, run in the test in place of their Web Worker and
// held like a server call: the replay looks at 'parsing' while the reading waits, then releases it
// with the server's answers.
import type { ServerBridge } from './server-bridge';

/** The call name the replay holds the reading under (no server path starts with it). */
export const PARSE = '/(parse)';

export interface Gate {
  promise: Promise<void>;
  open: () => void;
}

export function gate(): Gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The test page's Blob read through FileReader, as the panel reads a chosen file. */
export function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** The world's server bridge, which also holds and releases the file's reading (`world.parseHeld`). */
export function bridgeWithParser(world: { bridge: ServerBridge; parseHeld: Gate | null }): ServerBridge {
  const real = world.bridge;
  return {
    ...real,
    hold(paths?: string[]) {
      if (!paths || paths.includes(PARSE)) world.parseHeld ??= gate();
      const rest = paths?.filter((p) => p !== PARSE);
      if (!paths || rest!.length) real.hold(rest);
    },
    release() {
      world.parseHeld?.open();
      world.parseHeld = null;
      real.release();
    },
  };
}
