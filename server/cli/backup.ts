// `npm run backup -- [file]`: a consistent copy of the embedded SQLite database, safe while the
// server serves (decision 103), checked with integrity_check; one line with its path and size.
// Without a file it goes to <DATA_DIR>/backups/staff-console-<UTC time>.db. PostgreSQL is backed
// up with pg_dump, which the command names.
import { loadConfig } from '../config';
import { runCommand } from './database';
import { backupSqlite } from './sqlite-backup';

runCommand(async () => {
  const args = process.argv.slice(2);
  if (args.length > 1) {
    console.error('Usage: npm run backup -- [file]');
    return 2;
  }
  const outcome = backupSqlite(loadConfig(), args[0], Date.now());
  if (!outcome.ok) {
    console.error(outcome.message);
    return 1;
  }
  console.log(outcome.line);
  return 0;
});
