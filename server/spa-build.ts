// `npm start` builds the panel when dist/ is missing or older than its sources, so a fresh clone
// needs no separate build step; the build speaks only when it fails, so the first start's lines
// (the demo passwords) stay on screen. SKIP_BUILD=1 serves whatever dist/ holds (or the API
// alone). With APP_ENV=production nothing is built: `npm run build` made dist/ (decision 100).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

type Env = Record<string, string | undefined>;

/**
 * The newest modification time of the files under `target`. Folders' own times are left out: a
 * folder's time changes whenever something inside it is created, renamed or removed (an editor's
 * swap file, a test's scratch file), which says nothing about the panel's sources.
 */
function newestFileMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestFileMtime(path.join(target, entry)));
  return newest;
}

/** Runs the build in `root` with `env`; answers whether it succeeded. */
export type SpaBuilder = (root: string, env: Env) => boolean;

export const viteBuild: SpaBuilder = (root, env) => {
  const run = spawnSync('npx', ['--no-install', 'vite', 'build', '--manifest'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status === 0) return true;
  process.stderr.write(run.stdout ?? '');
  process.stderr.write(run.stderr ?? '');
  return false;
};

export type SpaBuild = { dir: string } | { dir: null; reason: string };

export function ensureSpaBuilt(root: string, env: Env = process.env, build: SpaBuilder = viteBuild): SpaBuild {
  const dist = path.join(root, 'dist');
  const builtIndex = path.join(dist, 'index.html');
  const built = existsSync(builtIndex);
  if (env['APP_ENV'] === 'production') {
    if (built) return { dir: dist };
    throw new Error(
      'The panel is not built (no dist/index.html): run `npm run build` before starting with APP_ENV=production.',
    );
  }
  if (env['SKIP_BUILD'] === '1')
    return built ? { dir: dist } : { dir: null, reason: 'SKIP_BUILD=1 and no dist/index.html' };
  if (!existsSync(path.join(root, 'index.html'))) {
    return built ? { dir: dist } : { dir: null, reason: 'no index.html to build the panel from' };
  }
  const sourcesTime = Math.max(...SOURCES.map((s) => newestFileMtime(path.join(root, s))));
  if (built && statSync(builtIndex).mtimeMs >= sourcesTime) return { dir: dist };

  console.log(built ? 'The panel sources changed; rebuilding dist/ …' : 'Building the panel into dist/ …');
  if (build(root, env)) return { dir: dist };
  if (built) {
    console.error('The panel build failed; serving the previous dist/.');
    return { dir: dist };
  }
  throw new Error('The panel build failed (see the vite output above) and there is no earlier dist/ to serve.');
}
