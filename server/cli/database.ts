// What every admin command shares: the server's configuration, its database (which must exist:
// a command pointed at the wrong DATA_DIR should say so, not make an empty one), migrated, and
// one line on what went wrong.
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { openDatabase, targetFromConfig } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';

/** Runs `work` on the configured database; answers the exit code. */
export async function withDatabase(
  work: (db: Kysely<Database>, config: ServerConfig) => Promise<number>,
): Promise<number> {
  const config = loadConfig();
  const target = targetFromConfig(config);
  if (target.engine === 'sqlite' && !existsSync(target.file)) {
    console.error(`No database at ${target.file}: start the server once first (or set DATA_DIR / DATABASE_URL).`);
    return 1;
  }
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}

/** Runs a command's main and exits with its code; a bad configuration is one line, as at start. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(
        err instanceof ConfigError ? `Configuration error: ${err.message}` : err instanceof Error ? err.message : err,
      );
      process.exit(1);
    },
  );
}
