// The deployment's Redshift configuration (decision 054): one row (id 1), read with the email of
// whoever saved it last, and saved from the version it was read at: one conditional UPDATE on
// that version inside one transaction with its audit row (category 'redshift configuration',
// previous and current). Of two saves from the same version one wins; the other is told, with
// the configuration as stored now.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RedshiftConfiguration, RedshiftState } from '../../src/domain/redshift';
import { writeAudit } from '../audit';
import type { Database, RedshiftConfigurationTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Selectable<RedshiftConfigurationTable>;

const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

function configurationOf(row: Row): RedshiftConfiguration {
  return {
    user_script: Number(row.user_script) === 1,
    account_script: Number(row.account_script) === 1,
    user_flag: {
      expire_time: Number(row.ignore_expire_time) === 1,
      product: Number(row.ignore_product) === 1,
      user_type: Number(row.ignore_user_type) === 1,
    },
  };
}

/** The configuration as stored now, with who saved it last (their email) and when. */
export async function readRedshift(db: Db): Promise<RedshiftState> {
  const row = await db
    .selectFrom('redshift_configuration')
    .leftJoin('users', 'users.id', 'redshift_configuration.updated_by')
    .selectAll('redshift_configuration')
    .select('users.email as updated_by_email')
    .where('redshift_configuration.id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    configuration: configurationOf(row),
    version: Number(row.version),
    updated_by_email: row.updated_by_email ?? null,
    updated_at: row.updated_at === null ? null : Number(row.updated_at),
  };
}

export interface Actor {
  id: number;
  username: string;
}

export type SaveResult = { ok: true; state: RedshiftState } | { ok: false; reason: 'stale'; current: RedshiftState };

/** Saves the configuration from `version`; a save in between leaves no row to update, and is told. */
export function saveRedshift(
  db: Kysely<Database>,
  input: { configuration: RedshiftConfiguration; version?: number | undefined },
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    const before = await readRedshift(trx);
    const c = input.configuration;
    // The version in the WHERE decides: a save committed since the read above leaves nothing to update
    // (a save that names no version, as spec §7 writes it, is applied over what is stored).
    // The next version from the row itself: a stale request's version + 1 is never computed, so the
    // largest version a request may name (REDSHIFT_VERSION_MAX) is told as stale, not overflowed.
    const updated = await trx
      .updateTable('redshift_configuration')
      .set((eb) => ({
        user_script: flag(c.user_script),
        account_script: flag(c.account_script),
        ignore_expire_time: flag(c.user_flag.expire_time),
        ignore_product: flag(c.user_flag.product),
        ignore_user_type: flag(c.user_flag.user_type),
        version: eb('version', '+', 1),
        updated_by: actor.id,
        updated_at: now,
      }))
      .where('id', '=', 1)
      .$if(input.version !== undefined, (q) => q.where('version', '=', input.version!))
      .returning('version')
      .executeTakeFirst();
    if (!updated) return { ok: false, reason: 'stale', current: await readRedshift(trx) };
    const state = await readRedshift(trx);
    await writeAudit(trx, {
      category: 'redshift configuration',
      author: actor.username,
      action:
        input.version === undefined ? 'redshift configuration saved without a version' : 'redshift configuration saved',
      at: now,
      previous: { ...before.configuration, version: before.version },
      current: { ...state.configuration, version: state.version },
      success: true,
    });
    return { ok: true, state };
  });
}
