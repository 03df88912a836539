// The layout engine's own thread. ELK's bundled build, started inside a worker, installs its own
// message handler; ours replaces it once ELK exists (ELK talks to its fake worker directly).
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';

const elk = new ELK();
const scope = self as unknown as { onmessage: ((e: MessageEvent) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (e: MessageEvent<{ id: number; graph: ElkNode }>) => {
  const { id, graph } = e.data;
  elk.layout(graph).then(
    (result) => scope.postMessage({ id, result }),
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
