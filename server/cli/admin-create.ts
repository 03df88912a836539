// `npm run admin:create -- <username> <email>`: makes an administrator, the way a production
// database gets its first one (it seeds nobody, decision 068). The account holds the Super Admin
// role; its random password is printed once; its first sign-in sets up two-step sign-in. Refused
// when the username or the email is taken (./staff-accounts.ts).
import { runCommand, withDatabase } from './database';
import { createAdministrator } from './staff-accounts';

runCommand(async () => {
  const args = process.argv.slice(2);
  if (args.length !== 2) {
    console.error('Usage: npm run admin:create -- <username> <email>');
    return 2;
  }
  const [username = '', email = ''] = args;
  return withDatabase(async (db, config) => {
    const outcome = await createAdministrator(db, config, { username, email }, Date.now());
    if (!outcome.ok) {
      console.error(outcome.message);
      return 1;
    }
    for (const line of outcome.lines) console.log(line);
    return 0;
  });
});
