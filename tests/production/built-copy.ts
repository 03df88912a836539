// Global set-up of the production project: the build of `npm run build`, copied with what a
// production host holds and nothing else: package.json, the lock file, the launcher, dist/ and
// dist-server/, and node_modules pruned to the production dependencies (`npm prune --omit=dev`,
// offline, on a hard-linked copy: seconds, no network). No source folder, no tsx, no vite.
// The panel is built only when dist/ has none (CI builds once, before the suite); the server's
// compile takes a second and always runs, so the copy is never older than the sources.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
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

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

export default function setup(project: TestProject): () => void {
  if (!existsSync(path.join(ROOT, 'dist/index.html'))) npm(['run', '--silent', 'build'], ROOT);
  else npm(['run', '--silent', 'build:server'], ROOT);

  const copy = mkdtempSync(path.join(tmpdir(), 'staff-console-built-'));
  for (const entry of ['package.json', 'package-lock.json', 'scripts/launch.mjs', 'dist', 'dist-server']) {
    mkdirSync(path.dirname(path.join(copy, entry)), { recursive: true });
    cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  // Hard links: the prune below unlinks the copy's entries, never the originals' files.
  execFileSync('cp', ['-al', realpathSync(path.join(ROOT, 'node_modules')), path.join(copy, 'node_modules')]);
  npm(['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], copy);
  // The copy may be run as another user (a data directory it cannot write): let it in.
  chmodSync(copy, 0o755);
  project.provide('productionCopy', copy);
  return () => rmSync(copy, { recursive: true, force: true });
}
