import path from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';
import { radixCssTrim } from './build/radix-css-trim';

// The API paths of spec §7; in development the Vite server hands them to the API server.
const API_PATHS = [
  '/login_account_new',
  '/login_tfa_new',
  '/ap_activate_tfa',
  '/session_check',
  '/logout_account',
  '/login_with_mt_account',
  '/log_data_in_es',
  '/user/',
  '/api/',
  '/segment/',
  '/fetch_redshift_configuration',
  '/redshift_configuration/',
];

// Preload lists. A lazy chunk's list need not name what its importer imports statically: that is
// loaded before the importer runs. And the entry's lists (one per section route) name no JS at
// all: the router fetches a section's chunk when the pointer rests on its link (defaultPreload
// 'intent'), and its imports load from there; listed in the entry, they grew the first load
// with every section added.
let bundle: Rolldown.OutputBundle | undefined;
const keepBundle: Plugin = {
  name: 'keep-bundle',
  generateBundle(_, b) {
    bundle = b;
  },
};
function loadedWith(file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle?.[file];
  if (into.has(file) || chunk?.type !== 'chunk') return into;
  into.add(file);
  for (const dep of chunk.imports) loadedWith(dep, into);
  return into;
}
function preloadsOf(hostId: string, deps: string[]): string[] {
  const host = bundle?.[hostId];
  if (host?.type === 'chunk' && host.isEntry) return [];
  const loaded = loadedWith(hostId);
  return deps.filter((dep) => !loaded.has(dep));
}

// /login's requests (decision 105): everything the page needs before it can show the sign-in form
// (the entry's static imports and the /login route's split component with its imports) is one
// chunk, so the document loads one script, one style sheet and nothing else of ours. Sections'
// chunks are left to the bundler: what they share with the first load is already loaded.
const FIRST_LOAD_ROOTS = ['src/main.tsx', 'src/routes/login.tsx?tsr-split=component'];
let firstLoad: Set<string> | undefined;
/** Radix Themes' index names every component: the bundler keeps those used, each where it is used. */
const isBarrel = (id: string) => /\/@radix-ui\/themes\/dist\/esm\/(components\/)?index\.js$/.test(id);
function firstLoadChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (!firstLoad) {
    firstLoad = new Set();
    const roots = FIRST_LOAD_ROOTS.map((root) => path.resolve(root));
    const stack = [...roots];
    while (stack.length) {
      const next = stack.pop()!;
      if (firstLoad.has(next)) continue;
      const info = ctx.getModuleInfo(next);
      if (!info) continue;
      firstLoad.add(next);
      // A barrel's re-exports are followed by the bundler to what is used; followed here, every
      // component of a library would join the first load.
      if (!isBarrel(next)) stack.push(...info.importedIds);
    }
  }
  return firstLoad.has(id) ? 'first-load' : null;
}

// The router plugin must come before react() so it can split route files into lazy chunks.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // /login's budget (150 kB gzipped JS+CSS): only the Radix CSS the sources can use, the first
    // load's part in the entry and the sections' part with the lazy shell.
    radixCssTrim({ srcDir: 'src', entry: 'src/main.tsx' }),
    // .br and .gz beside each asset, so the server sends them without compressing per request.
    keepBundle,
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/ }),
  ],
  // Every browser the panel supports preloads modules natively: no polyfill in the first load.
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstLoadChunk, priority: 10 }] } } },
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' ? preloadsOf(hostId, deps) : deps),
    },
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((p) => [p, { target: 'http://localhost:8080', changeOrigin: false }])),
  },
});
