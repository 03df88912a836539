// One broker's record (Broker Details, decision 059): names, distributors, sales contacts, MiFID II
// status, linked brokers and the entitlements granted through it; and the broker list, paged by
// keyset on (name, id). Every change to the record is one transaction: a conditional UPDATE of the
// broker's version (a change sent from an older one leaves nothing to update and is told who
// changed it), the change itself, and its 'broker research' audit row.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  BROKER_DETAILS_MESSAGES as M,
  brokerCursorOf,
  readBrokerCursor,
  type BrokerChange,
  type BrokerDetails,
  type BrokerPageQuery,
  type BrokerRow,
} from '../../src/domain/broker-research-brokers';
import { BR_AUDIT_CATEGORY, distributorLabel, MIFID_LABELS } from '../../src/domain/broker-research';
import { utcTimeText } from '../../src/domain/format';
import { writeAudit } from '../audit';
import { boundedPage } from '../db/keyset';
import type { Database } from '../db/schema';
import { contains } from '../db/like';

type Db = Kysely<Database> | Transaction<Database>;

/** Brokers, each with the broker group it belongs to (none: the group's columns are null). */
function brokersWithGroup(db: Db) {
  return db.selectFrom('brokers').leftJoin('broker_groups', 'broker_groups.id', 'brokers.group_id');
}

/** The record as stored now; null when no broker has the id. */
export async function readBrokerDetails(db: Db, brokerId: number): Promise<BrokerDetails | null> {
  const b = await brokersWithGroup(db)
    .select([
      'brokers.id',
      'brokers.name',
      'brokers.legal_name',
      'brokers.short_name',
      'brokers.open_access',
      'brokers.mifid_status',
      'brokers.mifid_updated_by',
      'brokers.mifid_updated_at',
      'brokers.version',
      'brokers.updated_by',
      'brokers.updated_at',
      'broker_groups.id as group_id',
      'broker_groups.name as group_name',
    ])
    .where('brokers.id', '=', brokerId)
    .executeTakeFirst();
  if (!b) return null;
  // One after another: inside a change's transaction the queries share one connection.
  const distributors = await db
    .selectFrom('broker_distributors')
    .select(['dist', 'code', 'active', 'since'])
    .where('broker_id', '=', brokerId)
    .orderBy('dist')
    .execute();
  const contacts = await db
    .selectFrom('broker_sales_contacts')
    .select(['id', 'name', 'email', 'phone', 'region', 'created_at'])
    .where('broker_id', '=', brokerId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('broker_links')
    .innerJoin('brokers as other', (j) =>
      j.on(
        sql<boolean>`other.id = case when broker_links.broker_id = ${brokerId} then broker_links.linked_broker_id else broker_links.broker_id end`,
      ),
    )
    .select(['other.id', 'other.name', 'broker_links.created_by', 'broker_links.created_at'])
    .where((w) => w.or([w('broker_links.broker_id', '=', brokerId), w('broker_links.linked_broker_id', '=', brokerId)]))
    .orderBy('other.name')
    .orderBy('other.id')
    .execute();
  const fulfillments = await db
    .selectFrom('fulfillments')
    .select(['status', (e) => e.fn.countAll<number>().as('n')])
    .where('broker_id', '=', brokerId)
    .groupBy('status')
    .execute();
  const requests = await db
    .selectFrom('research_requests')
    .select(['status', (e) => e.fn.countAll<number>().as('n')])
    .where('broker_id', '=', brokerId)
    .where('status', 'in', ['new', 'sent'])
    .groupBy('status')
    .execute();
  const count = (rows: { status: string; n: number | string | bigint }[], status: string) =>
    Number(rows.find((r) => r.status === status)?.n ?? 0);
  return {
    broker: {
      id: Number(b.id),
      name: b.name,
      legal_name: b.legal_name,
      short_name: b.short_name,
      open_access: Number(b.open_access) === 1,
      group: b.group_id === null ? null : { id: Number(b.group_id), name: b.group_name! },
      mifid_status: b.mifid_status,
      mifid_updated_by: b.mifid_updated_by,
      mifid_updated_at: b.mifid_updated_at === null ? null : Number(b.mifid_updated_at),
      version: Number(b.version),
      updated_by: b.updated_by,
      updated_at: b.updated_at === null ? null : Number(b.updated_at),
    },
    distributors: distributors.map((d) => ({
      dist: d.dist,
      code: d.code,
      active: Number(d.active) === 1,
      since: Number(d.since),
    })),
    sales_contacts: contacts.map((c) => ({ ...c, id: Number(c.id), created_at: Number(c.created_at) })),
    links: links.map((l) => ({
      id: Number(l.id),
      name: l.name,
      created_by: l.created_by,
      created_at: Number(l.created_at),
    })),
    entitlements: {
      active_fulfillments: count(fulfillments, 'active'),
      ended_fulfillments: count(fulfillments, 'ended'),
      new_requests: count(requests, 'new'),
      sent_requests: count(requests, 'sent'),
    },
  };
}

// ── changes ───────────────────────────────────────────────────────────
/** One change of a broker's record (the domain's words). */
export type Change = BrokerChange;

export type ChangeResult =
  | { ok: true; details: BrokerDetails; msg: string }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; details: BrokerDetails; msg: string }
  /** A refusal of one field of the request, with its message. */
  | { ok: false; reason: 'refused'; field: string; msg: string };

class Refused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const whenText = (ms: number | null) => (ms === null ? '' : ` at ${utcTimeText(ms)}`);

/**
 * Applies one change from the broker's `version`: the version moves first (the conditional UPDATE
 * decides a race), then the change, its audit row, all in one transaction; a refusal rolls it back.
 */
export async function changeBroker(
  db: Kysely<Database>,
  input: { broker: number; version: number; change: Change; dists: readonly string[] },
  author: string,
  now: number,
): Promise<ChangeResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<ChangeResult> => {
      const before = await readBrokerDetails(trx, input.broker);
      if (!before) return { ok: false, reason: 'missing' };
      const bumped = await trx
        .updateTable('brokers')
        .set({ version: input.version + 1, updated_by: author, updated_at: now })
        .where('id', '=', input.broker)
        .where('version', '=', input.version)
        .returning('version')
        .executeTakeFirst();
      if (!bumped) {
        // Read again: the change that won may have committed after the read above.
        const current = (await readBrokerDetails(trx, input.broker)) ?? before;
        const b = current.broker;
        return {
          ok: false,
          reason: 'stale',
          details: current,
          msg: `${b.updated_by ?? 'Someone else'} changed ${b.name}${whenText(b.updated_at)} after you opened it; nothing of yours was saved.`,
        };
      }
      const { action, previous, current, msg } = await apply(
        trx,
        input.broker,
        input.change,
        before,
        input.dists,
        author,
        now,
      );
      await writeAudit(trx, {
        category: BR_AUDIT_CATEGORY,
        author,
        action,
        at: now,
        success: true,
        record: { kind: 'broker', id: input.broker },
        previous: { broker: input.broker, version: input.version, ...previous },
        current: { broker: input.broker, version: input.version + 1, ...current },
      });
      return { ok: true, details: (await readBrokerDetails(trx, input.broker))!, msg };
    });
  } catch (e) {
    if (e instanceof Refused) return { ok: false, reason: 'refused', field: e.field, msg: e.message };
    throw e;
  }
}

interface Applied {
  action: string;
  previous: Record<string, unknown>;
  current: Record<string, unknown>;
  msg: string;
}

async function apply(
  trx: Transaction<Database>,
  brokerId: number,
  change: Change,
  before: BrokerDetails,
  dists: readonly string[],
  author: string,
  now: number,
): Promise<Applied> {
  const name = before.broker.name;
  switch (change.kind) {
    case 'mifid': {
      await trx
        .updateTable('brokers')
        .set({ mifid_status: change.mifid_status, mifid_updated_by: author, mifid_updated_at: now })
        .where('id', '=', brokerId)
        .execute();
      return {
        action: `MiFID II status of ${name}: ${MIFID_LABELS[change.mifid_status]}`,
        msg: M.mifidSaved,
        previous: { mifid_status: before.broker.mifid_status },
        current: { mifid_status: change.mifid_status },
      };
    }
    case 'contact.add': {
      const { name: contactName, email, phone, region } = change;
      const contact = { name: contactName, email, phone, region };
      if (before.sales_contacts.some((c) => c.email === contact.email)) throw new Refused('email', M.contactEmailTaken);
      const row = await trx
        .insertInto('broker_sales_contacts')
        .values({ broker_id: brokerId, ...contact, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        action: `sales contact ${contact.email} added to ${name}`,
        msg: M.contactAdded,
        previous: {},
        current: { contact: { id: Number(row.id), ...contact } },
      };
    }
    case 'contact.edit': {
      const { contact: id, name: contactName, email, phone, region } = change;
      const contact = { name: contactName, email, phone, region };
      const was = before.sales_contacts.find((c) => c.id === id);
      if (!was) throw new Refused('contact', M.noContact);
      if (before.sales_contacts.some((c) => c.id !== id && c.email === contact.email))
        throw new Refused('email', M.contactEmailTaken);
      await trx
        .updateTable('broker_sales_contacts')
        .set(contact)
        .where('id', '=', id)
        .where('broker_id', '=', brokerId)
        .execute();
      return {
        action: `sales contact ${contact.email} of ${name} changed`,
        msg: M.contactSaved,
        previous: { contact: was },
        current: { contact: { id, ...contact } },
      };
    }
    case 'contact.remove': {
      const was = before.sales_contacts.find((c) => c.id === change.contact);
      if (!was) throw new Refused('contact', M.noContact);
      await trx
        .deleteFrom('broker_sales_contacts')
        .where('id', '=', change.contact)
        .where('broker_id', '=', brokerId)
        .execute();
      return {
        action: `sales contact ${was.email} removed from ${name}`,
        msg: M.contactRemoved,
        previous: { contact: was },
        current: {},
      };
    }
    case 'link':
    case 'unlink': {
      const other = change.linked_broker;
      if (other === brokerId) throw new Refused('linked_broker', M.selfLink);
      const otherRow = await trx
        .selectFrom('brokers')
        .select(['id', 'name'])
        .where('id', '=', other)
        .executeTakeFirst();
      if (!otherRow) throw new Refused('linked_broker', M.noBroker);
      const pair = { broker_id: Math.min(brokerId, other), linked_broker_id: Math.max(brokerId, other) };
      const linked = before.links.some((l) => l.id === other);
      if (change.kind === 'link') {
        if (linked) throw new Refused('linked_broker', M.alreadyLinked);
        // Two staff linking the pair from both brokers at once: the primary key keeps one row.
        const added = await trx
          .insertInto('broker_links')
          .values({ ...pair, created_by: author, created_at: now })
          .onConflict((oc) => oc.columns(['broker_id', 'linked_broker_id']).doNothing())
          .returning('broker_id')
          .executeTakeFirst();
        if (!added) throw new Refused('linked_broker', M.alreadyLinked);
        return {
          action: `${name} linked to ${otherRow.name}`,
          msg: M.linked,
          previous: {},
          current: { linked_broker: other },
        };
      }
      if (!linked) throw new Refused('linked_broker', M.notLinked);
      await trx
        .deleteFrom('broker_links')
        .where('broker_id', '=', pair.broker_id)
        .where('linked_broker_id', '=', pair.linked_broker_id)
        .execute();
      return {
        action: `${name} unlinked from ${otherRow.name}`,
        msg: M.unlinked,
        previous: { linked_broker: other },
        current: {},
      };
    }
    case 'distributor': {
      if (!dists.includes(change.dist)) throw new Refused('dist', M.unknownDist);
      const was = before.distributors.find((d) => d.dist === change.dist) ?? null;
      if (was) {
        await trx
          .updateTable('broker_distributors')
          .set({ code: change.code, active: change.active ? 1 : 0 })
          .where('broker_id', '=', brokerId)
          .where('dist', '=', change.dist)
          .execute();
      } else {
        await trx
          .insertInto('broker_distributors')
          .values({
            broker_id: brokerId,
            dist: change.dist,
            code: change.code,
            active: change.active ? 1 : 0,
            since: now,
          })
          .execute();
      }
      return {
        action: `distributor info of ${name} at ${distributorLabel(change.dist)}`,
        msg: M.distributorSaved,
        previous: { distributor: was },
        current: { distributor: { dist: change.dist, code: change.code, active: change.active } },
      };
    }
  }
}

// ── the broker list ───────────────────────────────────────────────────
/**
 * A page of brokers by (name, id): searched by any part of the name, legal name or short name,
 * optionally of one broker group, after the cursor. The (name, id) and (group_id, name, id)
 * indexes serve the order; at a few thousand brokers a search reads them whole in a few ms.
 */
export async function pageBrokers(
  db: Db,
  query: BrokerPageQuery,
): Promise<{ brokers: BrokerRow[]; next: string | null }> {
  let q = brokersWithGroup(db).select([
    'brokers.id',
    'brokers.name',
    'brokers.legal_name',
    'brokers.open_access',
    'brokers.mifid_status',
    'broker_groups.name as group_name',
  ]);
  if (query.pb !== undefined) q = q.where('brokers.group_id', '=', query.pb);
  if (query.q) {
    const text = query.q.toLowerCase();
    q = q.where((w) =>
      w.or([
        contains(sql`lower(brokers.name)`, text),
        contains(sql`lower(coalesce(brokers.legal_name, ''))`, text),
        contains(sql`lower(coalesce(brokers.short_name, ''))`, text),
      ]),
    );
  }
  const after = query.cursor ? readBrokerCursor(query.cursor) : null;
  if (after)
    q = q.where((w) =>
      w.or([
        w('brokers.name', '>', after.name),
        w.and([w('brokers.name', '=', after.name), w('brokers.id', '>', after.id)]),
      ]),
    );
  const rows = await q
    .orderBy('brokers.name')
    .orderBy('brokers.id')
    .limit(query.limit + 1)
    .execute();
  const { page: kept, more } = boundedPage(rows, query.limit);
  const page = kept.map((r) => ({
    id: Number(r.id),
    name: r.name,
    legal_name: r.legal_name,
    open_access: Number(r.open_access) === 1,
    group: r.group_name ?? null,
    mifid_status: r.mifid_status,
  }));
  return { brokers: page, next: more ? brokerCursorOf(page.at(-1)!) : null };
}
