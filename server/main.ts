// `npm start`: validate the configuration, open and migrate the database, seed a fresh one (not in
// production), build the panel if needed, then serve the panel and the API until SIGINT/SIGTERM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDatabase, targetFromConfig } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { STAFF_USER_TYPE } from './db/schema';
import { seedIfEmpty } from './db/seed';
import { startMailDelivery } from './mail/delivery';
import { ensureSpaBuilt } from './spa-build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function configOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const target = targetFromConfig(config);
  const db = openDatabase(target);
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config, Date.now());
  for (const staff of seeded ?? []) console.log(`Sign in as ${staff.username} with password ${staff.password}`);
  // Production seeds nobody (decision 068): say how the first administrator is made.
  if (
    !(await db.selectFrom('users').select('id').where('user_type', '=', STAFF_USER_TYPE).limit(1).executeTakeFirst())
  ) {
    console.log(
      'No staff account yet: create the first administrator with `npm run admin:create -- <username> <email>`.',
    );
  }

  const spa = ensureSpaBuilt(ROOT);
  if (spa.dir === null) console.log(`Serving the API only: ${spa.reason}.`);
  const app = createApp({
    db,
    config,
    staticDir: spa.dir ?? undefined,
    log: config.appEnv === 'test' ? undefined : (line) => console.log(line),
  });
  console.log(`Server type ${config.serverType}; data in ${target.engine === 'sqlite' ? target.file : 'PostgreSQL'}.`);
  const mail = startMailDelivery(db, config, (line) => console.log(line));
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`Staff Console listening on http://localhost:${info.port}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received; closing.`);
    // Stop accepting, let requests in flight finish, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      void Promise.resolve(mail?.stop()).finally(() => db.destroy().finally(() => process.exit(0)));
    });
    // Keep-alive sockets with no request in flight would otherwise hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
