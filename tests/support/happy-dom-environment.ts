// The ui project's page: happy-dom, with Node's own fetch classes kept, since the API server runs
// in the same process and must build and read its Requests and Responses as it does in production.
import { builtinEnvironments, type Environment } from 'vitest/runtime';

const SERVER_SIDE = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'AbortController',
  'AbortSignal',
  'URL',
  'URLSearchParams',
] as const;

export default <Environment>{
  name: 'happy-dom-with-node-fetch',
  viteEnvironment: 'client',
  async setup(global, options) {
    const node = Object.fromEntries(SERVER_SIDE.map((k) => [k, (globalThis as Record<string, unknown>)[k]]));
    const page = await builtinEnvironments['happy-dom'].setup(global, options);
    for (const k of SERVER_SIDE)
      Object.defineProperty(global, k, { value: node[k], configurable: true, writable: true });
    return page;
  },
};
