// `npm run test:pg`: runs a command (the server suite) against PostgreSQL. Creates a throwaway
// database on the local server, points TEST_DATABASE_URL and DATABASE_URL at it, runs the
// command, then drops it and every per-test database made beside it. Exits with the command's code.
import { spawn } from 'node:child_process';
import { redactUrl } from '../server/config';
import {
  createThrowawayDatabase,
  databaseNameOf,
  dropDatabase,
  dropDatabasesWithPrefix,
} from '../server/db/test-database';

const MAINTENANCE_URL = process.env['PG_MAINTENANCE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(command: string[]): Promise<number> {
  if (command.length === 0) {
    console.error('Usage: tsx scripts/with-pg-database.ts <command> [args…]');
    return 2;
  }
  let url: string;
  try {
    url = await createThrowawayDatabase(MAINTENANCE_URL, 'staff_console_ci');
  } catch (err) {
    console.error(
      `Cannot reach PostgreSQL at ${redactUrl(MAINTENANCE_URL)}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 1;
  }
  const name = databaseNameOf(url);
  console.log(`PostgreSQL database ${name} created for this run.`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      stdio: 'inherit',
      shell: process.platform === 'win32',
      env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: url },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
  // Per-test databases are named after this one; drop any a crashed worker left behind.
  await dropDatabasesWithPrefix(MAINTENANCE_URL, `${name}_t`);
  await dropDatabase(MAINTENANCE_URL, name);
  return code;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
