// `npm run build` (after the panel): the server compiled to JavaScript in dist-server/, so that a
// production start runs plain `node` with the production dependencies alone (decision 100). Each
// entry is one file; packages stay imports of node_modules. The SQLite thread's script
// (sqlite-worker.js) is copied beside them, where sqlite-thread.ts looks for it, and
// build-info.json records the commit for GET /version.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist-server');

/** The commit being built: GIT_COMMIT when the builder knows it, else git's, else null. */
function commit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: {
    main: 'server/main.ts',
    'admin-create': 'server/cli/admin-create.ts',
    'admin-reset': 'server/cli/admin-reset.ts',
    backup: 'server/cli/backup.ts',
    restore: 'server/cli/restore.ts',
  },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
copyFileSync(path.join(ROOT, 'server/db/sqlite-worker.js'), path.join(OUT, 'sqlite-worker.js'));
writeFileSync(path.join(OUT, 'build-info.json'), `${JSON.stringify({ commit: commit() })}\n`);
console.log(`Server compiled into ${path.relative(ROOT, OUT)}/.`);
