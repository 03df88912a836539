// `npm start` builds the panel when dist/ is missing or older than its sources, so a fresh clone
// needs no separate build step. SKIP_BUILD=1 serves whatever dist/ holds (or the API alone).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export type SpaBuild = { dir: string } | { dir: null; reason: string };

export function ensureSpaBuilt(root: string, env: Record<string, string | undefined> = process.env): SpaBuild {
  const dist = path.join(root, 'dist');
  const builtIndex = path.join(dist, 'index.html');
  const built = existsSync(builtIndex);
  if (env['SKIP_BUILD'] === '1') return built ? { dir: dist } : { dir: null, reason: 'SKIP_BUILD=1 and no dist/index.html' };
  if (!existsSync(path.join(root, 'index.html'))) {
    return built ? { dir: dist } : { dir: null, reason: 'no index.html to build the panel from' };
  }
  const sourcesTime = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built && statSync(builtIndex).mtimeMs >= sourcesTime) return { dir: dist };

  console.log(built ? 'The panel sources changed; rebuilding dist/ …' : 'Building the panel into dist/ …');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env } });
  if (result.status === 0) return { dir: dist };
  if (built) {
    console.error('The panel build failed; serving the previous dist/.');
    return { dir: dist };
  }
  throw new Error('The panel build failed (see the vite output above) and there is no earlier dist/ to serve.');
}
