// Prints, gzipped, the JS and CSS that /login loads and what each section adds on top, from the
// built index.html and the build manifest (dist/.vite/manifest.json), and how many requests /login
// makes (the document, what it loads directly, their static imports, the login route's chunks).
// `--check` exits 1 when /login exceeds its ceiling or its request budget. The target is 120 kB;
// the ceiling is what /login weighs today (react-dom alone is about 65 kB of it, the router 22 and
// XState 13), held so it can only shrink until a lighter sign-in page reaches the target.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const LOGIN_TARGET_KB = 120;
const LOGIN_CEILING_KB = 151;
const LOGIN_BUDGET_REQUESTS = 8;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map<string, number>();
function gzipped(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Files a chunk needs before it runs: itself, its static imports, and their CSS. */
function closure(key: string, into = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, into, seen);
  return into;
}

function weigh(files: Iterable<string>) {
  let js = 0;
  let css = 0;
  for (const f of files) {
    if (f.endsWith('.js')) js += gzipped(f);
    else if (f.endsWith('.css')) css += gzipped(f);
  }
  return { js, css, total: js + css };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(7) + ' kB';
const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((f) => !b.has(f)));

// What the document loads directly (scripts, module preloads, style sheets), then their imports.
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const direct = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const initial = new Set<string>();
for (const file of direct) {
  const key = keyOfFile.get(file);
  if (key) closure(key, initial);
  else initial.add(file);
}

// Route chunks split by the router plugin are dynamic entries whose src is the route file.
const byRoute = new Map<string, Set<string>>();
for (const [key, chunk] of Object.entries(manifest)) {
  const route = (chunk.src ?? key).split('?')[0]!;
  if (!chunk.isDynamicEntry || !route.startsWith('src/routes/')) continue;
  const files = byRoute.get(route) ?? new Set<string>();
  for (const f of minus(closure(key), initial)) files.add(f);
  byRoute.set(route, files);
}

const routeName = (file: string) => file.replace('src/routes/', '').replace(/\.tsx?$/, '');
const loginFiles = new Set([...initial, ...(byRoute.get('src/routes/login.tsx') ?? [])]);
const login = weigh(loginFiles);

console.log('gzipped sizes (kB = 1000 bytes)          JS          CSS        total');
const row = (name: string, w: ReturnType<typeof weigh>) =>
  console.log(`${name.padEnd(34)}${kb(w.js)}  ${kb(w.css)}  ${kb(w.total)}`);
row('first load (index.html)', weigh(initial));
row('/login (first load + login route)', login);
console.log('each route chunk, on top of the first load:');
for (const [route, files] of [...byRoute].sort(([a], [b]) => a.localeCompare(b))) {
  row(`  ${routeName(route)}`, weigh(files));
}

const requests = 1 + loginFiles.size;
const verdict = login.total <= LOGIN_CEILING_KB * 1000 && requests <= LOGIN_BUDGET_REQUESTS;
console.log(
  `/login ceiling ${LOGIN_CEILING_KB} kB in ${LOGIN_BUDGET_REQUESTS} requests: ${verdict ? 'within' : 'OVER'} ` +
    `(${kb(login.total).trim()} in ${requests} requests: the document and ${[...loginFiles].join(', ')}); ` +
    `target ${LOGIN_TARGET_KB} kB: ${login.total <= LOGIN_TARGET_KB * 1000 ? 'met' : 'MISSED'}`,
);
if (process.argv.includes('--check') && !verdict) process.exit(1);
