// `npm start` and the admin commands: `node scripts/launch.mjs <entry> [args…]` runs the server
// (main) or a command (admin-create, admin-reset, backup, restore) in this very process, so a signal sent to it is
// the server's own (decision 100). With APP_ENV=production it runs the build of `npm run build`
// (dist-server/) with plain node; elsewhere it runs the TypeScript sources through tsx's loader.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = {
  main: 'server/main.ts',
  'admin-create': 'server/cli/admin-create.ts',
  'admin-reset': 'server/cli/admin-reset.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
};

const entry = process.argv[2] ?? '';
if (!(entry in SOURCES)) {
  console.error(`Usage: node scripts/launch.mjs <${Object.keys(SOURCES).join('|')}> [arguments]`);
  process.exit(2);
}
// The entry reads its own arguments from argv[2] on, as when started directly.
process.argv.splice(2, 1);

if (process.env.APP_ENV === 'production') {
  const built = path.join(ROOT, 'dist-server', `${entry}.js`);
  if (!existsSync(built)) {
    console.error(
      `No server build at ${path.relative(ROOT, built)}: run \`npm run build\` (with the dev dependencies installed) before starting with APP_ENV=production.`,
    );
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(built).href);
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    console.error(
      'tsx is not installed: run `npm install` (development), or `npm run build` and start with APP_ENV=production.',
    );
    process.exit(1);
  }
  register();
  await import(pathToFileURL(path.join(ROOT, SOURCES[entry])).href);
}
