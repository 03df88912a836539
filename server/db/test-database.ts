// Throwaway PostgreSQL databases for tests and scripts: created with a random name next to a
// maintenance database, dropped (with their connections) afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

async function onMaintenance<T>(maintenanceUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `<prefix>_<random>` and answers its URL: empty, or a copy of the database `template`
 * (which nobody may be connected to meanwhile).
 */
export async function createThrowawayDatabase(
  maintenanceUrl: string,
  prefix: string,
  template?: string,
): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 60);
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`Refusing template database '${template}'`);
  const from = template === undefined ? '' : ` TEMPLATE "${template}"`;
  await onMaintenance(maintenanceUrl, (client) => client.query(`CREATE DATABASE "${name}"${from}`));
  return withDatabaseName(maintenanceUrl, name);
}

const OBJECT_IN_USE = '55006';
// Taken before any test can install fake timers, so waiting here never depends on a fake clock.
const realSetTimeout = globalThis.setTimeout;

/**
 * Drops a database. Connections of a pool that has just been closed may take a moment to go; we
 * wait for them rather than force them, since a forced disconnect surfaces as an error in the
 * client that was still saying goodbye. Only after two seconds is the drop forced.
 */
export async function dropDatabase(maintenanceUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing to drop database '${name}'`);
  await onMaintenance(maintenanceUrl, async (client) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== OBJECT_IN_USE) throw err;
        await new Promise((resolve) => realSetTimeout(resolve, 50));
      }
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Drops every database whose name starts with `<prefix>_`: leftovers of interrupted runs. */
export async function dropDatabasesWithPrefix(maintenanceUrl: string, prefix: string): Promise<number> {
  const names = await onMaintenance(maintenanceUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${prefix}_`],
    );
    return rows.map((r) => r.datname);
  });
  for (const name of names) await dropDatabase(maintenanceUrl, name);
  return names.length;
}
