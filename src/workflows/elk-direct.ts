// ELK run in the calling thread: for Node (the export script) and tests. The browser uses the
// worker engine (elk-worker-engine.ts) so a large layout never blocks the page.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { LayoutEngine } from './layout';

let elk: InstanceType<typeof ELK> | null = null;

export const directEngine: LayoutEngine = {
  layout(graph) {
    elk ??= new ELK();
    return elk.layout(graph);
  },
};
