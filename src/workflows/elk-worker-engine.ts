// ELK in a Web Worker, started on first use and kept for the page's lifetime; each layout is one
// message. Where workers are missing (tests, old browsers) it falls back to ELK in this thread.
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { LayoutEngine } from './layout';

type Reply = { id: number; result?: ElkNode; error?: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve(g: ElkNode): void; reject(e: Error): void }>();

function start(): Worker {
  const w = new Worker(new URL('./elk.worker.ts', import.meta.url), { type: 'module', name: 'workflow-layout' });
  w.onmessage = (e: MessageEvent<Reply>) => {
    const pending = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (!pending) return;
    if (e.data.result) pending.resolve(e.data.result);
    else pending.reject(new Error(`layout failed: ${e.data.error ?? 'no result'}`));
  };
  w.onerror = (e) => {
    // A worker that cannot start (blocked script, out of memory) fails every layout waiting on it.
    for (const p of waiting.values()) p.reject(new Error(`layout worker failed: ${e.message || 'unknown error'}`));
    waiting.clear();
    worker = null;
  };
  return w;
}

export const workerEngine: LayoutEngine = {
  async layout(graph) {
    if (typeof Worker === 'undefined') return (await import('./elk-direct')).directEngine.layout(graph);
    worker ??= start();
    const id = nextId++;
    return new Promise<ElkNode>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker!.postMessage({ id, graph });
    });
  },
};
