// Global set-up of the production project: the build of `npm run build`, copied with what a
// production host holds and nothing else: package.json, the lock file, the launcher, dist/ and
// dist-server/, and node_modules pruned to the production dependencies (`npm prune --omit=dev`,
// offline, on a hard-linked copy: seconds, no network). No source folder, no tsx, no vite.
// The panel is built only when dist/ has none (CI builds once, before the suite); the server is
// compiled again (a second) when its sources are newer than its build.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production copy: `npm start` there runs the build with production dependencies only. */
    productionCopy: string;
  }
}

/** What the server's build is made from. */
const SERVER_SOURCES = ['server', 'src/domain', 'scripts/build-server.mjs', 'package.json'];

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

/** The newest modification time of the files under `target`. */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newest(path.join(target, entry))));
}

export default function setup(project: TestProject): () => void {
  const serverBuild = path.join(ROOT, 'dist-server/main.js');
  if (!existsSync(path.join(ROOT, 'dist/index.html'))) npm(['run', '--silent', 'build'], ROOT);
  else if (newest(serverBuild) < Math.max(...SERVER_SOURCES.map((s) => newest(path.join(ROOT, s)))))
    npm(['run', '--silent', 'build:server'], ROOT);

  const copy = mkdtempSync(path.join(tmpdir(), 'staff-console-built-'));
  for (const entry of ['package.json', 'package-lock.json', 'scripts/launch.mjs', 'dist', 'dist-server']) {
    mkdirSync(path.dirname(path.join(copy, entry)), { recursive: true });
    cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  // Hard links: the prune below unlinks the copy's entries, never the originals' files.
  const modules = realpathSync(path.join(ROOT, 'node_modules'));
  try {
    execFileSync('cp', ['-al', modules, path.join(copy, 'node_modules')], { stdio: 'ignore' });
  } catch {
    // Another file system than the temporary folder's: a plain copy, slower.
    rmSync(path.join(copy, 'node_modules'), { recursive: true, force: true });
    cpSync(modules, path.join(copy, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  npm(['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], copy);
  // The copy may be run as another user (a data directory it cannot write): let it in.
  chmodSync(copy, 0o755);
  project.provide('productionCopy', copy);
  return () => rmSync(copy, { recursive: true, force: true });
}
