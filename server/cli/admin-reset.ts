// `npm run admin:reset -- <username>`: for a staff member locked out. Sets a new random password
// (printed once), removes the TOTP secret so the next sign-in activates a new one, clears the
// lockout, ends the person's sessions, and makes the account active, undeleted and without expiry
// again; all in one audited transaction (./staff-accounts.ts).
import { runCommand, withDatabase } from './database';
import { resetStaffAccount } from './staff-accounts';

runCommand(async () => {
  const args = process.argv.slice(2);
  const username = args[0]?.trim();
  if (!username || args.length > 1) {
    console.error('Usage: npm run admin:reset -- <username>');
    return 2;
  }
  return withDatabase(async (db, config) => {
    const outcome = await resetStaffAccount(db, config, username, Date.now());
    if (!outcome.ok) {
      console.error(outcome.message);
      return 1;
    }
    for (const line of outcome.lines) console.log(line);
    return 0;
  });
});
