// One secret, several keys: each use (CSRF, tickets, TOTP at rest) gets its own key derived with
// HKDF, so a key can never be replayed from one purpose into another.
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';

export interface Keys {
  csrf: Buffer;
  ticketEncryption: Uint8Array;
  ticketMac: Buffer;
  totpAtRest: Buffer;
  /** Null when LINK_SIGNING_KEY is unset: linked sign-in is then off. */
  link: Uint8Array | null;
}

const SECRET_NAME = 'secret_key';

/**
 * SECRET_KEY when set; otherwise (development and test only) one generated on first start and kept
 * in the database, so every instance sharing that database signs and verifies with the same key.
 * A key kept beside the data does not protect that data from whoever reads the database: see
 * decision 004.
 */
async function secretFor(db: Kysely<Database>, config: ServerConfig, now: number): Promise<string> {
  if (config.secretKey) return config.secretKey;
  if (config.appEnv === 'production') throw new Error('SECRET_KEY is required when APP_ENV=production');
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'staff-console', purpose, 32));
}

export async function loadKeys(db: Kysely<Database>, config: ServerConfig, now: number): Promise<Keys> {
  const secret = await secretFor(db, config, now);
  return {
    csrf: derive(secret, 'csrf-token'),
    ticketEncryption: new Uint8Array(derive(secret, 'activation-ticket-encryption')),
    ticketMac: derive(secret, 'activation-ticket-mac'),
    totpAtRest: derive(secret, 'totp-secret-at-rest'),
    link: config.linkSigningKey ? new TextEncoder().encode(config.linkSigningKey) : null,
  };
}
