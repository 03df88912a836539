// `npm start` (decision 100): validate the configuration; check the data directory, take the
// SQLite file's lock and the port before anything else, so that a start that cannot serve says why
// in one line and prints no password; then open, check and migrate the database, build the panel
// if need be (not in production), seed a fresh one (not in production), and serve. SIGTERM or
// SIGINT drains the requests in flight, then closes the mail delivery and the database.
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import type { Kysely } from 'kysely';
import { createApp } from './app';
import { ConfigError, DEFAULT_DRAIN_SECONDS, loadConfig, type ServerConfig } from './config';
import { openDatabase, targetFromConfig } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { STAFF_USER_TYPE, type Database } from './db/schema';
import { seedIfEmpty } from './db/seed';
import { newLifecycle } from './lifecycle';
import { createLogger, defaultLogLevel, lineLogger } from './observability/logger';
import { startMailDelivery } from './mail/delivery';
import { ensureSpaBuilt } from './spa-build';
import { checkDatabase, checkDataDir, listenOn, lockDatabaseFile, StartupError, type DataLock } from './startup';

// server/ in development, dist-server/ in a build: the project root is the folder above either.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Start-up output: plain lines for the person starting it (the once-only passwords among them),
 * from these two functions only. What the running server says is JSON (`logger`, decision 101).
 */
const say = (line: string) => console.log(line);
const fail = (line: string) => console.error(line);

function configOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      fail(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/** What the port answers; `bindings` are the Node request and response (the peer's address). */
type Handler = (request: Request, bindings: unknown) => Response | Promise<Response>;

/** What the port answers while the database is being prepared: alive, not ready. */
const starting: Handler = (request) =>
  new URL(request.url).pathname === '/healthz'
    ? Response.json({ status: true, msg: 'Alive.' })
    : Response.json({ status: false, msg: 'Starting.' }, { status: 503 });

async function main(): Promise<void> {
  const config = configOrExit();
  const target = targetFromConfig(config);
  const lifecycle = newLifecycle();
  const logger = createLogger({ level: defaultLogLevel(config.appEnv, config.logLevel) });

  let lock: DataLock | null = null;
  if (target.engine === 'sqlite') {
    checkDataDir(config.dataDir);
    lock = lockDatabaseFile(target.file);
  }
  let handler: Handler = starting;
  // Plain HTTP (no http2 or TLS options), so the adapter hands back a node:http server.
  const server = createAdaptorServer({
    fetch: (request: Request, bindings: unknown) => handler(request, bindings),
  }) as HttpServer;
  let db: Kysely<Database> | null = null;
  let lines: string[];
  try {
    // The port first: a port in use must not cost the once-only passwords of a fresh database.
    await listenOn(server, config.port);
    db = openDatabase(target);
    await checkDatabase(db, target);
    await migrateToLatest(db);
    // Built before seeding, so that the build's output, if any, comes before the passwords.
    const spa = ensureSpaBuilt(ROOT);
    lines = [];
    if (spa.dir === null) lines.push(`Serving the API only: ${spa.reason}.`);
    lines.push(`Server type ${config.serverType}; data in ${target.engine === 'sqlite' ? target.file : 'PostgreSQL'}.`);
    const seeded = await seedIfEmpty(db, config, Date.now());
    for (const staff of seeded ?? []) lines.push(`Sign in as ${staff.username} with password ${staff.password}`);
    // Production seeds nobody (decision 068): say how the first administrator is made.
    if (
      !(await db.selectFrom('users').select('id').where('user_type', '=', STAFF_USER_TYPE).limit(1).executeTakeFirst())
    ) {
      lines.push(
        'No staff account yet: create the first administrator with `npm run admin:create -- <username> <email>`.',
      );
    }
    const app = createApp({
      db,
      config,
      lifecycle,
      staticDir: spa.dir ?? undefined,
      logger,
    });
    handler = (request, bindings) => app.fetch(request, bindings);
  } catch (err) {
    server.close();
    await db?.destroy();
    lock?.release();
    throw err;
  }
  const mail = startMailDelivery(db, config, lineLogger(logger, 'info'));
  const openDb = db;
  const drainMs = (config.shutdownDrainSeconds ?? DEFAULT_DRAIN_SECONDS) * 1000;
  const stop = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    // Stop accepting; connections close as soon as they have no request in flight.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Said once it is so: whoever reads this line finds the port closed.
    say(`${signal} received: answering the requests in flight (at most ${drainMs / 1000} s), then stopping.`);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), drainMs).unref()),
    ]);
    clearInterval(idle);
    if (!drained) {
      say(`Drain time over: closing the connections still open.`);
      server.closeAllConnections();
    }
    await mail?.stop();
    await openDb.destroy();
    lock?.release();
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Last, once a signal would be handled: whoever waits for this line may stop the server at once.
  for (const line of lines) say(line);
  say(`Staff Console listening on http://localhost:${config.port}`);
}

main().catch((err: unknown) => {
  if (err instanceof StartupError) fail(err.message);
  else fail(`Start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
