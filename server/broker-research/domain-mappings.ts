// Broker Domain Mappings in the database (decision 061). A page of mappings is one keyset range on
// the unique domain index (search: a prefix of the domain, or of the broker's name through the
// lower(name) index); the users each mapping recognises are counted for that page's domains
// alone, through the email-domain index of migration 025. Each change is one transaction with its
// 'broker research' audit row; an edit or removal is conditional on the version the person saw.
// One domain names one broker: checked first for a message naming the broker, and decided by the
// unique index when two staff race (the loser is told the same, never a 500).
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { BR_AUDIT_CATEGORY } from '../../src/domain/broker-research';
import type { DomainBroker, DomainMapping, DomainUser } from '../../src/domain/broker-research-domain-mappings';
import { auditRecordChange, type ChangeTrail } from '../audit';
import { engineOf } from '../db/connect';
import { EMAIL_DOMAIN } from '../db/migrations/2026_11_27_025_broker_domain_users';
import { boundedPage } from '../db/keyset';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { refusableTransaction } from '../db/refusable-transaction';
import { deleteAtVersion, firstVersion, updateAtVersion } from '../db/versioned-row';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Text compared bytewise on both engines (SQLite does already; PostgreSQL in collate "C", as the
 * indexes of migration 025), so a prefix is one range and the keyset order is the index's.
 */
function bytewise(db: Db, expression: RawBuilder<string>): RawBuilder<string> {
  return engineOf(db) === 'postgres' ? sql<string>`(${expression} collate "C")` : expression;
}
const DOMAIN = sql<string>`broker_domains.domain`;
const BROKER_NAME = sql<string>`lower(b.name)`;

/** `expression` starts with `prefix`: a range, bytewise ('\uffff' is above every character of a domain or name). */
function startsWith(eb: ExpressionBuilder<any, any>, expression: RawBuilder<string>, prefix: string) {
  return eb.and([eb(expression, '>=', prefix), eb(expression, '<', `${prefix}\uffff`)]);
}

/** How many users not deleted have an email at each domain. */
export async function usersAtDomains(db: Db, domains: readonly string[]): Promise<Map<string, number>> {
  if (domains.length === 0) return new Map();
  const key = EMAIL_DOMAIN(engineOf(db), 'email');
  const rows = await db
    .selectFrom('users')
    .select([key.as('domain'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted', '=', 0)
    .where(key, 'in', domains)
    .groupBy(key)
    .execute();
  return new Map(rows.map((r) => [r.domain, Number(r.n)]));
}

type MappingRow = Omit<DomainMapping, 'users'>;

const mappingColumns = [
  'broker_domains.id',
  'broker_domains.domain',
  'broker_domains.broker_id',
  'brokers.name as broker_name',
  'broker_domains.updated_by',
  'broker_domains.updated_at',
  'broker_domains.version',
] as const;

const rowOf = (r: {
  id: number;
  domain: string;
  broker_id: number;
  broker_name: string;
  updated_by: string;
  updated_at: number;
  version: number;
}): MappingRow => ({
  id: Number(r.id),
  domain: r.domain,
  broker_id: Number(r.broker_id),
  broker_name: r.broker_name,
  updated_by: r.updated_by,
  updated_at: Number(r.updated_at),
  version: Number(r.version),
});

async function withUsers(db: Db, rows: MappingRow[]): Promise<DomainMapping[]> {
  const counts = await usersAtDomains(
    db,
    rows.map((r) => r.domain),
  );
  return rows.map((r) => ({ ...r, users: counts.get(r.domain) ?? 0 }));
}

/** One page of mappings by domain, after `cursor` (the last domain of the page before). */
export async function listDomainMappings(
  db: Db,
  filter: { q: string; broker: number | ''; cursor: string; limit: number },
): Promise<{ items: DomainMapping[]; next: string | null }> {
  const domain = bytewise(db, DOMAIN);
  let q = db
    .selectFrom('broker_domains')
    .innerJoin('brokers', 'brokers.id', 'broker_domains.broker_id')
    .select(mappingColumns)
    .orderBy(domain)
    .limit(filter.limit + 1);
  if (filter.broker !== '') q = q.where('broker_domains.broker_id', '=', filter.broker);
  if (filter.cursor) q = q.where(domain, '>', filter.cursor);
  const text = filter.q.trim().toLowerCase().replace(/^@+/, '');
  if (text) {
    q = q.where((eb) =>
      eb.or([
        startsWith(eb, domain, text),
        eb(
          'broker_domains.broker_id',
          'in',
          eb
            .selectFrom('brokers as b')
            .select('b.id')
            .where((inner) => startsWith(inner, bytewise(db, BROKER_NAME), text)),
        ),
      ]),
    );
  }
  const rows = (await q.execute()).map(rowOf);
  const { page, more } = boundedPage(rows, filter.limit);
  return { items: await withUsers(db, page), next: more ? page.at(-1)!.domain : null };
}

export async function domainMappingById(db: Db, id: number): Promise<DomainMapping | null> {
  const row = await db
    .selectFrom('broker_domains')
    .innerJoin('brokers', 'brokers.id', 'broker_domains.broker_id')
    .select(mappingColumns)
    .where('broker_domains.id', '=', id)
    .executeTakeFirst();
  return row ? (await withUsers(db, [rowOf(row)]))[0]! : null;
}

async function mappingOfDomain(db: Db, domain: string): Promise<MappingRow | null> {
  const row = await db
    .selectFrom('broker_domains')
    .innerJoin('brokers', 'brokers.id', 'broker_domains.broker_id')
    .select(mappingColumns)
    .where('broker_domains.domain', '=', domain)
    .executeTakeFirst();
  return row ? rowOf(row) : null;
}

/** Brokers whose name starts with the text, by name: the choices of the broker picker. */
export async function brokersNamed(db: Db, text: string, limit: number): Promise<DomainBroker[]> {
  const t = text.trim().toLowerCase();
  const name = bytewise(db, sql<string>`lower(name)`);
  let q = db.selectFrom('brokers').select(['id', 'name']).orderBy(name).orderBy('id').limit(limit);
  if (t) q = q.where((eb) => startsWith(eb, name, t));
  return (await q.execute()).map((b) => ({ id: Number(b.id), name: b.name }));
}

/** The users a domain recognises (not deleted), by id, a page at a time. */
export async function usersOfDomain(
  db: Db,
  domain: string,
  after: number | '',
  limit: number,
): Promise<{ items: DomainUser[]; next: number | null }> {
  const key = EMAIL_DOMAIN(engineOf(db), 'email');
  let q = db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'active'])
    .where('deleted', '=', 0)
    .where(key, '=', domain)
    .orderBy('id')
    .limit(limit + 1);
  if (after !== '') q = q.where('id', '>', after);
  const rows = await q.execute();
  const items = rows.slice(0, limit).map((u) => ({
    id: Number(u.id),
    username: u.username,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    active: Number(u.active) === 1,
  }));
  return { items, next: rows.length > limit ? items.at(-1)!.id : null };
}

// ── changes ───────────────────────────────────────────────────────────
export interface Actor {
  username: string;
}

export type DomainChange =
  | { ok: true; mapping: DomainMapping }
  /** The domain names a broker already: `same` when it is the broker asked for. */
  | { ok: false; reason: 'taken'; domain: string; broker: string; same: boolean }
  | { ok: false; reason: 'no_broker' }
  | { ok: false; reason: 'stale'; current: DomainMapping | null };

/**
 * Runs one change in a transaction. A refusal rolls it back; the unique index refusing the domain
 * (a race the check inside could not see) is answered as that check would have, naming the
 * broker that holds the domain now.
 */
async function change(
  db: Kysely<Database>,
  domain: string,
  brokerId: number,
  work: (trx: Transaction<Database>) => Promise<DomainChange>,
): Promise<DomainChange> {
  return refusableTransaction(db, work, async (err) => {
    if (!isUniqueViolation(err)) return undefined;
    const holder = await mappingOfDomain(db, domain);
    return {
      ok: false,
      reason: 'taken',
      domain,
      broker: holder?.broker_name ?? 'another broker',
      same: holder?.broker_id === brokerId,
    };
  });
}

async function brokerName(trx: Db, id: number): Promise<string | null> {
  return (await trx.selectFrom('brokers').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
}

/** The refusal of a domain held by another mapping than `except`, or null. */
async function heldElsewhere(
  trx: Db,
  domain: string,
  brokerId: number,
  except: number | null,
): Promise<DomainChange | null> {
  const holder = await mappingOfDomain(trx, domain);
  if (!holder || holder.id === except) return null;
  return { ok: false, reason: 'taken', domain, broker: holder.broker_name, same: holder.broker_id === brokerId };
}

const audited = (m: MappingRow | DomainMapping) => ({
  id: m.id,
  domain: m.domain,
  broker_id: m.broker_id,
  broker: m.broker_name,
  version: m.version,
});

/** A mapping change's audit entries: 'broker research', read back in the broker's history. */
const trailOf = (actor: Actor, now: number): ChangeTrail => ({
  category: BR_AUDIT_CATEGORY,
  kind: 'broker',
  author: actor.username,
  at: now,
});

export function addDomainMapping(
  db: Kysely<Database>,
  input: { domain: string; broker_id: number },
  actor: Actor,
  now: number,
): Promise<DomainChange> {
  return change(db, input.domain, input.broker_id, async (trx) => {
    const name = await brokerName(trx, input.broker_id);
    if (name === null) return { ok: false, reason: 'no_broker' };
    const taken = await heldElsewhere(trx, input.domain, input.broker_id, null);
    if (taken) return taken;
    const row = await trx
      .insertInto('broker_domains')
      .values({ domain: input.domain, broker_id: input.broker_id, ...firstVersion(actor.username, now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mapping = (await domainMappingById(trx, Number(row.id)))!;
    await auditRecordChange(
      trx,
      trailOf(actor, now),
      mapping.broker_id,
      `broker domain mapping added: ${mapping.domain} → ${name} (#${mapping.id})`,
      { current: audited(mapping) },
    );
    return { ok: true, mapping };
  });
}

/** Changes a mapping's domain or broker from `version`; a change in between is told, with the mapping now. */
export function editDomainMapping(
  db: Kysely<Database>,
  input: { id: number; version: number; domain: string; broker_id: number },
  actor: Actor,
  now: number,
): Promise<DomainChange> {
  return change(db, input.domain, input.broker_id, async (trx) => {
    const before = await domainMappingById(trx, input.id);
    if (!before || before.version !== input.version) return { ok: false, reason: 'stale', current: before };
    const name = await brokerName(trx, input.broker_id);
    if (name === null) return { ok: false, reason: 'no_broker' };
    const taken = await heldElsewhere(trx, input.domain, input.broker_id, input.id);
    if (taken) return taken;
    const updated = await updateAtVersion(trx, 'broker_domains', input, {
      domain: input.domain,
      broker_id: input.broker_id,
      updated_by: actor.username,
      updated_at: now,
    });
    if (!updated) return { ok: false, reason: 'stale', current: await domainMappingById(trx, input.id) };
    const mapping = (await domainMappingById(trx, input.id))!;
    await auditRecordChange(
      trx,
      trailOf(actor, now),
      mapping.broker_id,
      `broker domain mapping changed: ${mapping.domain} → ${name} (#${mapping.id})`,
      { previous: audited(before), current: audited(mapping) },
    );
    return { ok: true, mapping };
  });
}

/** Removes a mapping from `version`; a change in between is told, with the mapping now. */
export function removeDomainMapping(
  db: Kysely<Database>,
  input: { id: number; version: number },
  actor: Actor,
  now: number,
): Promise<DomainChange> {
  return change(db, '', 0, async (trx) => {
    const before = await domainMappingById(trx, input.id);
    if (!before || before.version !== input.version) return { ok: false, reason: 'stale', current: before };
    const gone = await deleteAtVersion(trx, 'broker_domains', input);
    if (!gone) return { ok: false, reason: 'stale', current: await domainMappingById(trx, input.id) };
    await auditRecordChange(
      trx,
      trailOf(actor, now),
      before.broker_id,
      `broker domain mapping removed: ${before.domain} → ${before.broker_name} (#${before.id})`,
      { previous: audited(before) },
    );
    return { ok: true, mapping: before };
  });
}
