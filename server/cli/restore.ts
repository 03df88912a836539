// `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of the embedded
// SQLite database (decision 103). The server must be stopped; the file must be a sound Staff
// Console database no newer than this code; the database it replaces is kept beside it. The next
// start runs any migration the backup lacks.
import { loadConfig } from '../config';
import { runCommand } from './database';
import { restoreSqlite } from './sqlite-backup';

runCommand(async () => {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0]) {
    console.error('Usage: npm run restore -- <file>');
    return 2;
  }
  const outcome = restoreSqlite(loadConfig(), args[0], Date.now());
  if (!outcome.ok) {
    console.error(outcome.message);
    return 1;
  }
  console.log(outcome.line);
  return 0;
});
