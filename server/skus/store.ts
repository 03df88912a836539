// SKUs in the database (decision 053): listed with how many accounts hold each, created, changed
// from a version (one conditional UPDATE: of two edits from one version one lands, the other gets
// the SKU as stored now), retired and reactivated; each change one transaction with its audit row
// (category 'sku configuration', previous and current). Codes are unique whatever their case:
// checked first for a clear message, and decided by the unique index on lower(code) under races.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Sku, SkuHolder, SkuStatus } from '../../src/domain/skus';
import { auditRecordChange, type ChangeTrail } from '../audit';
import type { Database, SkusTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { refusableTransaction } from '../db/refusable-transaction';
import { firstVersion, updateAtVersion } from '../db/versioned-row';
import { contains } from '../db/like';

type Db = Kysely<Database> | Transaction<Database>;
export type SkuRow = Selectable<SkusTable>;

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function skuOf(row: SkuRow): Sku {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    description: row.description,
    product_configuration: row.product_configuration,
    data_plan: parseJson<string[]>(row.data_plan, []),
    account_settings: parseJson<Record<string, unknown>>(row.settings, {}),
    account_level_flags: parseJson<Record<string, unknown>>(row.level_flags, {}),
    status: row.status === 'retired' ? 'retired' : 'active',
    holders: Number(row.holders),
    version: Number(row.version),
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** What the audit keeps of a SKU. */
const audited = (row: SkuRow) => {
  const { holders: _h, ...rest } = skuOf(row);
  return rest;
};

/** A SKU change's audit entries, read back in the SKU's history. */
const trailOf = (author: string, now: number): ChangeTrail => ({
  category: 'sku configuration',
  kind: 'sku',
  author,
  at: now,
});

/** Every SKU matching the search (code, name or description) and status, by code. */
export async function listSkus(db: Db, filter: { q: string; status: 'all' | SkuStatus }): Promise<Sku[]> {
  let q = db
    .selectFrom('skus')
    .selectAll()
    .orderBy(sql`lower(code)`)
    .orderBy('id');
  if (filter.status !== 'all') q = q.where('status', '=', filter.status);
  const text = filter.q.trim().toLowerCase();
  if (text) {
    q = q.where((eb) =>
      eb.or([
        contains(sql`lower(code)`, text),
        contains(sql`lower(name)`, text),
        contains(sql`lower(description)`, text),
      ]),
    );
  }
  return (await q.execute()).map(skuOf);
}

export async function skuById(db: Db, id: number): Promise<Sku | null> {
  const row = await db.selectFrom('skus').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? skuOf(row) : null;
}

/**
 * One page of the accounts holding a SKU, in account order (keyset on the account id): the page of
 * holdings first, then their names by id. A join would let PostgreSQL merge along organizations
 * from the first id, reading every account before a deep page.
 */
export async function skuHolders(
  db: Db,
  input: { skuId: number; after: number | undefined; limit: number },
): Promise<{ items: SkuHolder[]; total: number; next: number | null }> {
  let q = db
    .selectFrom('account_skus')
    .select(['account_id', 'assigned_by', 'assigned_at'])
    .where('sku_id', '=', input.skuId)
    .orderBy('account_id')
    .limit(input.limit + 1);
  if (input.after !== undefined) q = q.where('account_id', '>', input.after);
  const [rows, sku] = await Promise.all([
    q.execute(),
    db.selectFrom('skus').select('holders').where('id', '=', input.skuId).executeTakeFirst(),
  ]);
  const page = rows.slice(0, input.limit);
  const names = page.length
    ? new Map(
        (
          await db
            .selectFrom('organizations')
            .select(['id', 'name'])
            .where(
              'id',
              'in',
              page.map((r) => r.account_id),
            )
            .execute()
        ).map((o) => [Number(o.id), o.name]),
      )
    : new Map<number, string>();
  const items = page.map((r) => ({
    account_id: Number(r.account_id),
    name: names.get(Number(r.account_id)) ?? '',
    assigned_by: r.assigned_by,
    assigned_at: Number(r.assigned_at),
  }));
  return { items, total: Number(sku?.holders ?? 0), next: rows.length > input.limit ? items.at(-1)!.account_id : null };
}

/** The SKUs one account holds, retired ones included, by code. */
export async function skusOfAccount(
  db: Db,
  accountId: number,
): Promise<{ sku: Sku; assigned_by: string; assigned_at: number }[]> {
  const links = await db
    .selectFrom('account_skus')
    .select(['sku_id', 'assigned_by', 'assigned_at'])
    .where('account_id', '=', accountId)
    .execute();
  if (links.length === 0) return [];
  const ids = links.map((l) => Number(l.sku_id));
  const rows = await db.selectFrom('skus').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return links
    .flatMap((l) => {
      const row = byId.get(Number(l.sku_id));
      return row ? [{ sku: skuOf(row), assigned_by: l.assigned_by, assigned_at: Number(l.assigned_at) }] : [];
    })
    .sort((a, b) => (a.sku.code < b.sku.code ? -1 : 1));
}

async function codeInUse(db: Db, code: string, except: number | null): Promise<boolean> {
  let q = db
    .selectFrom('skus')
    .select('id')
    .where(sql<boolean>`lower(code) = lower(${code})`);
  if (except !== null) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface SkuValues {
  code: string;
  name: string;
  description: string;
  product_configuration: string;
  data_plan: string[];
  account_settings: Record<string, unknown>;
  account_level_flags: Record<string, unknown>;
}

export type SkuChange =
  | { ok: true; sku: Sku }
  | { ok: false; reason: 'code' }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; current: Sku | null };

async function change(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<SkuChange>,
): Promise<SkuChange> {
  return refusableTransaction(db, work, (err) => (isUniqueViolation(err) ? { ok: false, reason: 'code' } : undefined));
}

const columnsOf = (values: SkuValues) => ({
  code: values.code,
  name: values.name,
  description: values.description,
  product_configuration: values.product_configuration,
  data_plan: JSON.stringify(values.data_plan),
  settings: JSON.stringify(values.account_settings),
  level_flags: JSON.stringify(values.account_level_flags),
});

export function createSku(db: Kysely<Database>, values: SkuValues, author: string, now: number): Promise<SkuChange> {
  return change(db, async (trx) => {
    if (await codeInUse(trx, values.code, null)) return { ok: false, reason: 'code' };
    const row = await trx
      .insertInto('skus')
      .values({ ...columnsOf(values), status: 'active', ...firstVersion(author, now) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditRecordChange(trx, trailOf(author, now), row.id, `SKU created: ${row.code} (#${row.id})`, {
      current: audited(row),
    });
    return { ok: true, sku: skuOf(row) };
  });
}

/** Changes a SKU's fields, or (with `status`) only its status, from `version`. */
export function updateSku(
  db: Kysely<Database>,
  input: { id: number; version: number; values?: SkuValues; status?: SkuStatus },
  author: string,
  now: number,
): Promise<SkuChange> {
  return change(db, async (trx) => {
    const before = await trx.selectFrom('skus').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) return { ok: false, reason: 'missing' };
    if (Number(before.version) !== input.version)
      return { ok: false, reason: 'stale', current: await skuById(trx, input.id) };
    if (input.values && (await codeInUse(trx, input.values.code, input.id))) return { ok: false, reason: 'code' };
    const row = await updateAtVersion(trx, 'skus', input, {
      ...(input.values ? columnsOf(input.values) : {}),
      ...(input.status ? { status: input.status } : {}),
      updated_by: author,
      updated_at: now,
    });
    if (!row) return { ok: false, reason: 'stale', current: await skuById(trx, input.id) };
    const what = input.status ? (input.status === 'retired' ? 'retired' : 'reactivated') : 'changed';
    await auditRecordChange(trx, trailOf(author, now), row.id, `SKU ${what}: ${row.code} (#${row.id})`, {
      previous: audited(before),
      current: audited(row),
    });
    return { ok: true, sku: (await skuById(trx, input.id))! };
  });
}
