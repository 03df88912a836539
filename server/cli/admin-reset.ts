// `npm run admin:reset -- <username>`: for a staff member locked out. Sets a new random password
// (printed once), removes the TOTP secret so the next sign-in activates a new one, clears the
// lockout and ends the person's sessions; all in one audited transaction.
import { existsSync } from 'node:fs';
import { writeAudit } from '../audit';
import { clearAccountCounters } from '../auth/lockout';
import { hashPassword, randomPassword } from '../auth/passwords';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, targetFromConfig } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

async function main(args: string[]): Promise<number> {
  const username = args[0]?.trim();
  if (!username || args.length > 1) {
    console.error('Usage: npm run admin:reset -- <username>');
    return 2;
  }
  const config = loadConfig();
  const target = targetFromConfig(config);
  if (target.engine === 'sqlite' && !existsSync(target.file)) {
    console.error(`No database at ${target.file}: start the server once first (or set DATA_DIR / DATABASE_URL).`);
    return 1;
  }
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    const user = await db.selectFrom('users').select(['id', 'username']).where('username', '=', username).executeTakeFirst();
    if (!user) {
      console.error(`No user named '${username}' in this database.`);
      return 1;
    }
    const password = randomPassword();
    const hash = await hashPassword(password, config.scrypt);
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', user.id).execute();
      await trx.deleteFrom('totp_secrets').where('user_id', '=', user.id).execute();
      await clearAccountCounters(trx, user.username);
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await writeAudit(trx, {
        category: 'auth', author: 'admin:reset', action: 'password and two-step sign-in reset', origin: 'cli', at: now,
        current: { username: user.username }, success: true,
      });
    });
    console.log(`New password for ${user.username}: ${password}`);
    console.log('Two-step sign-in was cleared: the next sign-in shows a new QR code.');
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err instanceof Error ? err.message : err);
  process.exit(1);
});
