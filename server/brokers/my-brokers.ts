// A user's My Brokers and Requested Brokers, and the two switches (spec §2 "Restrict Broker", §4
// "Broker controls"; decision 047). Every change is one transaction with its audit row. It first
// locks the user's row of user_broker_state (PostgreSQL FOR UPDATE; on SQLite the one writer
// thread runs transactions one at a time), so two changes to one user run one after the other:
// each sees what the other did and nothing is lost. The changes themselves are set-based.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  BROKER_ACTION_LABELS,
  BROKER_MESSAGES,
  type ActionOutcome,
  type Broker,
  type BrokerAction,
  type BrokerFlags,
  type BrokerLists,
} from '../../src/domain/brokers';
import { writeAudit } from '../audit';
import { engineOf } from '../db/connect';
import { withRowLock } from '../db/row-lock';
import type { BrokerList, Database } from '../db/schema';
import { toBroker } from './catalogue';

type Db = Kysely<Database> | Transaction<Database>;

export const DEFAULT_FLAGS: BrokerFlags = { auto_brm_update: true, freeze: false };

export interface BrokerUser {
  id: number;
  email: string;
}

/** The user with this email (the schema lowered it), deleted or not. */
export async function userByEmail(db: Db, email: string): Promise<BrokerUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? { id: Number(row.id), email: row.email } : null;
}

async function brokersOf(db: Db, userId: number, list: BrokerList): Promise<Broker[]> {
  const rows = await db
    .selectFrom('user_brokers')
    .innerJoin('brokers', 'brokers.id', 'user_brokers.broker_id')
    .select(['brokers.id', 'brokers.name', 'brokers.open_access'])
    .where('user_brokers.user_id', '=', userId)
    .where('user_brokers.list', '=', list)
    .orderBy('brokers.name')
    .orderBy('brokers.id')
    .execute();
  return rows.map(toBroker);
}

export async function listsOf(db: Db, userId: number): Promise<BrokerLists> {
  return { my: await brokersOf(db, userId, 'my'), requested: await brokersOf(db, userId, 'requested') };
}

export async function flagsOf(db: Db, userId: number): Promise<BrokerFlags> {
  const row = await db
    .selectFrom('user_broker_state')
    .select(['auto_brm_update', 'freeze'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { auto_brm_update: row.auto_brm_update === 1, freeze: row.freeze === 1 } : { ...DEFAULT_FLAGS };
}

/** The user's switches, their row made first if need be and locked until the transaction ends. */
async function lockState(trx: Transaction<Database>, userId: number, now: number): Promise<BrokerFlags> {
  await trx
    .insertInto('user_broker_state')
    .values({ user_id: userId, auto_brm_update: 1, freeze: 0, updated_at: now, updated_by: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await withRowLock(
    trx,
    trx.selectFrom('user_broker_state').select(['auto_brm_update', 'freeze']).where('user_id', '=', userId),
  ).executeTakeFirstOrThrow();
  return { auto_brm_update: row.auto_brm_update === 1, freeze: row.freeze === 1 };
}

async function myIds(trx: Db, userId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('user_brokers')
    .select('broker_id')
    .where('user_id', '=', userId)
    .where('list', '=', 'my')
    .orderBy('broker_id')
    .execute();
  return rows.map((r) => Number(r.broker_id));
}

/** The ids as rows of one column `value`, from one parameter (json_each on SQLite, unnest on PostgreSQL). */
function idRows(db: Db, ids: readonly number[]): RawBuilder<{ value: number }> {
  return engineOf(db) === 'postgres'
    ? sql`(select unnest(${[...ids]}::bigint[]) as value)`
    : sql`(select value from json_each(${JSON.stringify(ids)}))`;
}

const plural = (n: number) => `${n} broker${n === 1 ? '' : 's'}`;

function resultText(action: BrokerAction, added: number, removed: number): string {
  switch (action) {
    case 'add':
      return added ? `${plural(added)} added to My Brokers.` : 'Every broker chosen was already in My Brokers.';
    case 'delete':
      return removed ? `${plural(removed)} deleted from My Brokers.` : 'None of the brokers chosen was in My Brokers.';
    case 'remove_oa':
      return removed
        ? `${plural(removed)} with open access removed from My Brokers.`
        : 'My Brokers holds no open-access broker.';
    case 'overwrite_req':
      return `My Brokers replaced with the requested brokers: ${added} added, ${removed} removed.`;
  }
}

export interface ActionRequest {
  user: BrokerUser;
  action: BrokerAction;
  /** Broker ids for add and delete (all known); the one-click actions take none. */
  brokers: readonly number[];
  oneClick: boolean;
  author: string;
  now: number;
}

/** Runs one action on the user's My Brokers, or refuses it while Freeze My Brokers is on. */
export async function runBrokerAction(db: Kysely<Database>, r: ActionRequest): Promise<ActionOutcome> {
  return db.transaction().execute(async (trx) => {
    const flags = await lockState(trx, r.user.id, r.now);
    // Named on the user's History, refused or done: My Brokers is the user's record.
    const audit = {
      category: 'user' as const,
      author: r.author,
      action: `My Brokers: ${BROKER_ACTION_LABELS[r.action]}: user #${r.user.id} (${r.user.email})`,
      at: r.now,
      record: { kind: 'user', id: r.user.id },
    };
    if (flags.freeze) {
      const lists = await listsOf(trx, r.user.id);
      await writeAudit(trx, {
        ...audit,
        success: false,
        current: { user_id: r.user.id, refused: BROKER_MESSAGES.frozen },
      });
      return {
        status: false,
        msg: BROKER_MESSAGES.frozen,
        result: BROKER_MESSAGES.frozenResult,
        brokers: lists,
        freeze: true,
      };
    }
    const previous = await myIds(trx, r.user.id);
    const uid = r.user.id;
    const mine = () => trx.deleteFrom('user_brokers').where('user_id', '=', uid).where('list', '=', 'my');
    switch (r.action) {
      case 'add':
        // `where true`: SQLite reads ON CONFLICT after a SELECT only past a WHERE.
        await sql`insert into user_brokers (user_id, list, broker_id)
          select ${uid}, 'my', ids.value from ${idRows(trx, r.brokers)} ids where true
          on conflict (user_id, list, broker_id) do nothing`.execute(trx);
        break;
      case 'delete':
        await mine()
          .where('broker_id', 'in', (eb) => eb.selectFrom(idRows(trx, r.brokers).as('ids')).select('ids.value'))
          .execute();
        break;
      case 'remove_oa':
        await mine()
          .where('broker_id', 'in', (eb) =>
            eb.selectFrom('brokers').select('brokers.id').where('brokers.open_access', '=', 1),
          )
          .execute();
        break;
      case 'overwrite_req':
        await mine().execute();
        await sql`insert into user_brokers (user_id, list, broker_id)
          select user_id, 'my', broker_id from user_brokers where user_id = ${uid} and list = 'requested'`.execute(trx);
        break;
    }
    const current = await myIds(trx, uid);
    const before = new Set(previous);
    const after = new Set(current);
    const added = current.filter((id) => !before.has(id)).length;
    const removed = previous.filter((id) => !after.has(id)).length;
    await trx
      .updateTable('user_broker_state')
      .set({ updated_at: r.now, updated_by: r.author })
      .where('user_id', '=', uid)
      .execute();
    await writeAudit(trx, {
      ...audit,
      success: true,
      previous: { user_id: uid, my_brokers: previous },
      current: {
        user_id: uid,
        my_brokers: current,
        action: r.action,
        one_click: r.oneClick,
        brokers: r.brokers.length,
      },
    });
    return {
      status: true,
      msg: BROKER_MESSAGES.actionDone,
      result: resultText(r.action, added, removed),
      brokers: await listsOf(trx, uid),
      freeze: false,
    };
  });
}

/** Saves one or both switches. Allowed whatever Freeze My Brokers says, so it can always be turned off. */
export async function saveBrokerFlags(
  db: Kysely<Database>,
  user: BrokerUser,
  change: Partial<BrokerFlags>,
  author: string,
  now: number,
): Promise<BrokerFlags> {
  return db.transaction().execute(async (trx) => {
    const previous = await lockState(trx, user.id, now);
    const current: BrokerFlags = { ...previous, ...change };
    await trx
      .updateTable('user_broker_state')
      .set({
        auto_brm_update: current.auto_brm_update ? 1 : 0,
        freeze: current.freeze ? 1 : 0,
        updated_at: now,
        updated_by: author,
      })
      .where('user_id', '=', user.id)
      .execute();
    await writeAudit(trx, {
      category: 'user',
      author,
      action: `My Brokers switches: user #${user.id} (${user.email})`,
      at: now,
      success: true,
      previous: { user_id: user.id, ...previous },
      current: { user_id: user.id, ...current },
      record: { kind: 'user', id: user.id },
    });
    return current;
  });
}

/** Users an automatic BRM update may change: Auto BRM Update on and Freeze My Brokers off (decision 047). */
export function openToAutomaticUpdate(db: Db) {
  return db
    .selectFrom('users')
    .select('users.id')
    .leftJoin('user_broker_state', 'user_broker_state.user_id', 'users.id')
    .where((eb) =>
      eb.or([
        eb('user_broker_state.user_id', 'is', null),
        eb.and([eb('user_broker_state.auto_brm_update', '=', 1), eb('user_broker_state.freeze', '=', 0)]),
      ]),
    );
}
