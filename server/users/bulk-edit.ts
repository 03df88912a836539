// Bulk edit (spec §3 bulk-editable fields, §4, §8; decision 024). The changes are checked first
// (known field, permitted, value of the right kind), then the selection is resolved to live
// users, each user's current values are compared with the new ones, and — to apply — the users
// that differ are updated with set-based UPDATEs (one per batch of ids, never one per user) and
// audited per user, all in one transaction. The preview runs the same steps without writing.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { valueProblem, type BulkValue } from '../../src/domain/bulk-edit';
import { bulkEditFields, defaultFlags, type BulkField } from '../../src/domain/user-fields';
import { dateToTimestamp, parseExpiry } from '../../src/domain/user-rules';
import { MAX_BULK_EDIT_USERS, type BulkSelection, type UserRow } from '../../src/domain/users';
import { writeAuditMany, type AuditEntry } from '../audit';
import { engineOf } from '../db/connect';
import { withRowLock } from '../db/row-lock';
import type { Database } from '../db/schema';
import { expiryText, flagsOf, toUserRow, USER_ROW_COLUMNS } from './records';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { selectedUsers } from './selection';
import { permissionName } from '../../src/domain/feature-labels';
import { permissionList, signInChangeRefusal, type KeySet } from '../roles/grant-rule';
import { checkRoleGuards, GuardRefusal, guardMessage, staffGrants } from '../roles/guard';
import { privilegeKeys, roleKeysByUser } from '../roles/held-keys';
import { isUniqueViolation } from '../db/unique-violation';
import { jsonText, JsonText } from '../http/json-stream';

type Db = Kysely<Database> | Transaction<Database>;
type Value = BulkValue;

/** Users changed per UPDATE statement (their ids are one parameter). */
const UPDATE_BATCH = 5_000;
const AUDIT_BATCH = 1_000;
/** Users the preview lists. */
export const PREVIEW_SAMPLE = 10;

/** One checked change: the field, the value as sent, and as stored. */
interface Change {
  field: BulkField;
  value: Value;
  /** 0/1 for the flag columns, ms for the expiry, the value itself in the flags object. */
  stored: number | Value;
}

export type CheckedChanges = { ok: true; changes: Change[] } | { ok: false; reason: string };

const n = (x: number) => x.toLocaleString('en-US');

/** Spec §3: only bulk-editable fields, each with the feature it needs, each value of its kind. */
export function checkChanges(product: string, features: readonly string[], raw: Record<string, Value>): CheckedChanges {
  const fields = bulkEditFields(product);
  const changes: Change[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const field = fields.find((f) => f.key === key);
    if (!field) return { ok: false, reason: `'${key}' is not a field a bulk edit can change.` };
    if (field.feature && !features.includes(field.feature)) {
      return {
        ok: false,
        reason: `You may not change ${field.label} in bulk: it needs the ${permissionName(field.feature)} permission.`,
      };
    }
    const problem = valueProblem(field, value);
    if (problem) return { ok: false, reason: problem };
    const date = field.type.kind === 'date' ? parseExpiry(value as string) : null;
    changes.push({ field, value, stored: date ? dateToTimestamp(date) : field.column ? (value ? 1 : 0) : value });
  }
  // In the order of spec §3's list, whatever order they came in.
  changes.sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field));
  return { ok: true, changes };
}

type CurrentRow = {
  id: number;
  username: string;
  active: number;
  is_account_admin: number;
  expiry_dt: number | null;
  flags: string;
  admin_privileges: string;
};

interface Diff {
  id: number;
  username: string;
  /** Keys whose value differs. */
  changed: string[];
  previous: Record<string, unknown>;
  current: Record<string, unknown>;
  /** Why this user is left as they are, when the grant rule refuses changing them. */
  refused?: string;
}

/** Bulk-editable fields that decide whether someone may sign in: a staff account's are guarded (decision 066). */
const SIGN_IN_COLUMNS: readonly string[] = ['active', 'expiry_dt'];

/** The value a user holds for a field; a flag never set holds its default. */
function currentValue(
  row: CurrentRow,
  flags: Record<string, Value>,
  change: Change,
  defaults: Record<string, Value>,
): number | Value | null {
  switch (change.field.column) {
    case 'active':
      return Number(row.active);
    case 'is_account_admin':
      return Number(row.is_account_admin);
    case 'expiry_dt':
      return row.expiry_dt === null ? null : Number(row.expiry_dt);
    case null:
      return flags[change.field.key] ?? defaults[change.field.key] ?? false;
  }
}

/** What the audit shows: booleans as booleans, the expiry as MM-dd-yyyy. */
function auditValue(change: Change, stored: number | Value | null): unknown {
  if (change.field.column === 'expiry_dt') return typeof stored === 'number' ? expiryText(stored) : null;
  if (change.field.column) return stored === 1;
  return stored;
}

function diff(row: CurrentRow, changes: readonly Change[], defaults: Record<string, Value>): Diff {
  const flags = flagsOf(row.flags);
  const d: Diff = {
    id: Number(row.id),
    username: row.username,
    changed: [],
    previous: { user_id: Number(row.id), username: row.username },
    current: {},
  };
  d.current = { ...d.previous };
  for (const change of changes) {
    const before = currentValue(row, flags, change, defaults);
    if (before === change.stored) continue;
    d.changed.push(change.field.key);
    d.previous[change.field.key] = auditValue(change, before);
    d.current[change.field.key] = auditValue(change, change.stored);
  }
  return d;
}

async function currentRows(db: Db, ids: readonly number[], lock: boolean): Promise<CurrentRow[]> {
  const rows: CurrentRow[] = [];
  for (const batch of chunks(ids, LOOKUP_BATCH)) {
    let q = db
      .selectFrom('users')
      .select(['id', 'username', 'active', 'is_account_admin', 'expiry_dt', 'flags', 'admin_privileges'])
      .where(oneOf(db, sql.ref('id'), batch, 'bigint'))
      .where('deleted', '=', 0)
      .orderBy('id');
    // PostgreSQL: hold the rows from the read to the write, so a save in between waits for us.
    // SQLite: one writer at a time already.
    if (lock) q = withRowLock(db, q);
    rows.push(...(await q.execute()));
  }
  return rows;
}

/** Rows handled between two turns of the event loop: 100,000 diffs never hold it at once. */
const SLICE = 2_000;

/** `items.map(fn)`, letting other requests run every SLICE items. */
async function mapInSlices<T, U>(items: readonly T[], fn: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    if (i > 0) await nextTurn();
    for (const item of items.slice(i, i + SLICE)) out.push(fn(item));
  }
  return out;
}

export type BulkRequest = {
  selection: BulkSelection;
  changes: Record<string, Value>;
  product: string;
  actor: { userId: number; username: string; features: readonly string[]; keys: KeySet };
  now: number;
};

/** status 0 (spec §4, §8): why the edit cannot go ahead, as a sentence. */
export type Refusal = { ok: false; reason: string };

interface Plan {
  ok: true;
  changes: Change[];
  diffs: Diff[];
  unmatched: string[];
}

async function plan(db: Db, r: BulkRequest, lock: boolean): Promise<Plan | Refusal> {
  const checked = checkChanges(r.product, r.actor.features, r.changes);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  if (checked.changes.length === 0) return { ok: false, reason: 'Choose at least one field to change.' };
  const selected = await selectedUsers(db, r.selection, MAX_BULK_EDIT_USERS);
  if (!selected.ok)
    return {
      ok: false,
      reason: `More than ${n(MAX_BULK_EDIT_USERS)} users match; a bulk edit changes at most ${n(MAX_BULK_EDIT_USERS)} at once. Narrow the selection.`,
    };
  if (selected.ids.length === 0) return { ok: false, reason: 'No users matched the selection.' };
  const rows = await currentRows(db, selected.ids, lock);
  if (rows.length === 0) return { ok: false, reason: 'No users matched the selection.' };
  const defaults = defaultFlags(r.product);
  const diffs = await mapInSlices(rows, (row) => diff(row, checked.changes, defaults));
  const own = diffs.find((d) => d.id === r.actor.userId && d.changed.length > 0);
  const lockout = own && selfLockout(checked.changes, r.now);
  if (lockout) return { ok: false, reason: lockout };
  await refuseOutranked(db, r.actor, rows, diffs);
  return { ok: true, changes: checked.changes, diffs, unmatched: selected.unmatched };
}

/**
 * The single edit's rule, user by user (decision 066): a staff account whose sign-in a change
 * touches, holding keys the author lacks, is left as it is and reported as refused. Only holders
 * of roles or privileges can be refused, so only they are looked up.
 */
async function refuseOutranked(
  db: Db,
  actor: BulkRequest['actor'],
  rows: readonly CurrentRow[],
  diffs: Diff[],
): Promise<void> {
  const touching = diffs.filter((d) => d.changed.some((k) => SIGN_IN_COLUMNS.includes(k)));
  if (touching.length === 0) return;
  const roleKeys = await roleKeysByUser(
    db,
    touching.map((d) => d.id),
  );
  const privileges = new Map(rows.map((row) => [Number(row.id), row.admin_privileges]));
  const author = { id: actor.userId, keys: actor.keys };
  for (const d of touching) {
    const keys = new Set([...(roleKeys.get(d.id) ?? []), ...privilegeKeys(privileges.get(d.id) ?? '{}')]);
    if (keys.size === 0) continue;
    const refusal = signInChangeRefusal(author, { id: d.id, username: d.username, keys });
    if (refusal?.rule === 'outranked') d.refused = `holds ${permissionList(refusal.keys)}, which you do not hold`;
  }
}

/** The users the edit changes: a difference, and not refused. */
const changingOf = (diffs: readonly Diff[]) => diffs.filter((d) => d.changed.length > 0 && !d.refused);

/** A bulk edit may not lock its author out of the panel (as the single edit refuses). */
function selfLockout(changes: readonly Change[], now: number): string | null {
  for (const c of changes) {
    if (c.field.column === 'active' && c.stored === 0)
      return 'The selection includes your own account, and you cannot deactivate your own account.';
    if (c.field.column === 'expiry_dt' && typeof c.stored === 'number' && c.stored <= now) {
      return 'The selection includes your own account, and you cannot set your own account to expire in the past.';
    }
  }
  return null;
}

export interface Preview {
  ok: true;
  matched: number;
  changing: number;
  unchanged: number;
  /** Users the grant rule leaves as they are. */
  refused: number;
  unmatched: string[];
  sample: UserRow[];
}

/** What applying would do; writes nothing. */
export async function previewBulkEdit(db: Kysely<Database>, r: BulkRequest): Promise<Preview | Refusal> {
  const p = await plan(db, r, false);
  if (!p.ok) return p;
  const changing = changingOf(p.diffs);
  const refused = p.diffs.filter((d) => d.refused).length;
  const sampleIds = changing.slice(0, PREVIEW_SAMPLE).map((d) => d.id);
  const sample =
    sampleIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .leftJoin('organizations', 'organizations.id', 'users.organization_id')
          .select([...USER_ROW_COLUMNS, 'organizations.name as organization'])
          .where('users.id', 'in', sampleIds)
          .orderBy('users.id')
          .execute();
  return {
    ok: true,
    matched: p.diffs.length,
    changing: changing.length,
    unchanged: p.diffs.length - changing.length - refused,
    refused,
    unmatched: p.unmatched,
    sample: sample.map((u) => toUserRow({ ...u, id: Number(u.id) })),
  };
}

export interface Applied {
  ok: true;
  updated: number;
  unchanged: number;
  refused: number;
  unmatched: string[];
  results: {
    id: number;
    username: string;
    result: 'updated' | 'unchanged' | 'refused';
    changed: string[];
    reason?: string;
  }[];
}

/** One user's line of the report. */
function resultOf(d: Diff): Applied['results'][number] {
  if (d.refused) return { id: d.id, username: d.username, result: 'refused', changed: d.changed, reason: d.refused };
  return { id: d.id, username: d.username, result: d.changed.length > 0 ? 'updated' : 'unchanged', changed: d.changed };
}

/** The edit is refused as a whole (its plan, or a guard of decision 050): the transaction is rolled back. */
class GuardedRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The SET clause of one UPDATE: the columns, the flags patch, and the bookkeeping. */
function assignments(db: Db, changes: readonly Change[], author: string, now: number) {
  const set: Record<string, unknown> = {};
  const flags: Record<string, Value> = {};
  for (const c of changes) {
    if (c.field.column) set[c.field.column] = c.stored;
    else flags[c.field.key] = c.stored as Value;
  }
  if (Object.keys(flags).length > 0) set['flags'] = flagsPatch(db, JSON.stringify(flags));
  return { ...set, version: sql<number>`version + 1`, updated_by: author, updated_at: now };
}

/**
 * The flags JSON with the patch's keys set. SQLite: json_patch (RFC 7396 merge; text that is no
 * JSON object starts over from {}). PostgreSQL: jsonb || patch, kept as text like everywhere else.
 */
function flagsPatch(db: Db, patch: string): RawBuilder<string> {
  return engineOf(db) === 'postgres'
    ? sql<string>`(coalesce(nullif(flags, ''), '{}')::jsonb || ${patch}::jsonb)::text`
    : sql<string>`json_patch(case when json_valid(flags) and json_type(flags) = 'object' then flags else '{}' end, ${patch})`;
}

/** Edits this process is applying, by operation id: an outcome asked meanwhile waits for its end. */
const running = new Map<string, Promise<unknown>>();

/** `applied` with the report as stored: JSON text, answered as it is (decision 107). */
export type Outcome = { outcome: 'applied'; report: JsonText } | { outcome: 'unknown' };

/**
 * What became of the edit the staff member sent under `operationId` (decision 041): `applied`
 * with its report, or `unknown` when none committed. One this process is still applying is
 * waited for, so the answer is final (an edit applied by another instance is seen once committed).
 */
export async function bulkEditOutcome(
  db: Kysely<Database>,
  operationId: string,
  staffUserId: number,
): Promise<Outcome> {
  await running.get(operationId)?.catch(() => {});
  const row = await settledOperation(db, operationId, staffUserId);
  // Another staff member's operation is none of this one's business: as if unknown.
  if (row && Number(row.staff_user_id) === staffUserId) return { outcome: 'applied', report: new JsonText(row.report) };
  return { outcome: 'unknown' };
}

class RollBack extends Error {}

/**
 * The operation's row once no transaction is applying it, on whichever instance. An edit inserts
 * its row first thing in its transaction, so the probe's insert of the same id waits, in the
 * database, until that transaction ends: committed, it conflicts and the row is read; rolled back
 * (refused, failed, its process killed), it goes in and is rolled back here too: nothing applied.
 */
async function settledOperation(db: Kysely<Database>, operationId: string, staffUserId: number) {
  let row: { report: string; staff_user_id: number } | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      const probe = await trx
        .insertInto('bulk_operations')
        .values({ operation_id: operationId, staff_user_id: staffUserId, status: 'probe', report: '{}', created_at: 0 })
        .onConflict((oc) => oc.column('operation_id').doNothing())
        .executeTakeFirst();
      if (Number(probe.numInsertedOrUpdatedRows ?? 0n) === 0) {
        row = await trx
          .selectFrom('bulk_operations')
          .select(['report', 'staff_user_id'])
          .where('operation_id', '=', operationId)
          .executeTakeFirst();
      }
      throw new RollBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RollBack)) throw err;
    });
  return row;
}

/** The stored report of an operation, as the apply answers it; a refusal when the id is someone else's. */
async function stored(db: Db, operationId: string, staffUserId: number): Promise<Applied | Refusal | null> {
  const row = await db
    .selectFrom('bulk_operations')
    .select(['report', 'staff_user_id'])
    .where('operation_id', '=', operationId)
    .executeTakeFirst();
  if (!row) return null;
  if (Number(row.staff_user_id) !== staffUserId)
    return { ok: false, reason: 'This operation id belongs to another edit; reload the page and try again.' };
  return { ok: true, ...(JSON.parse(row.report) as Omit<Applied, 'ok'>) };
}

/**
 * Applies the edit in one transaction; nothing is written when it is refused. With an operation
 * id, the outcome is stored in the same transaction, and an id already applied answers its stored
 * report without applying again (even when two requests with it race: the second insert fails).
 */
export async function applyBulkEdit(
  db: Kysely<Database>,
  r: BulkRequest,
  operationId?: string,
): Promise<Applied | Refusal> {
  if (operationId === undefined) return applyOnce(db, r, undefined);
  if (running.has(operationId))
    return { ok: false, reason: 'This edit is being applied already; wait for its report.' };
  const applying = applyOnce(db, r, operationId).catch(async (err: unknown) => {
    if (!isUniqueViolation(err)) throw err;
    // The same id committed meanwhile (another instance): its report, not a second edit.
    const earlier = await stored(db, operationId, r.actor.userId);
    if (!earlier) throw err;
    return earlier;
  });
  running.set(operationId, applying);
  try {
    return await applying;
  } finally {
    running.delete(operationId);
  }
}

async function applyOnce(
  db: Kysely<Database>,
  r: BulkRequest,
  operationId: string | undefined,
): Promise<Applied | Refusal> {
  return applyInTransaction(db, r, operationId).catch((err: unknown) => {
    if (err instanceof GuardedRefusal) return { ok: false, reason: err.reason };
    throw err;
  });
}

async function applyInTransaction(
  db: Kysely<Database>,
  r: BulkRequest,
  operationId: string | undefined,
): Promise<Applied | Refusal> {
  return db.transaction().execute(async (trx) => {
    if (operationId !== undefined) {
      const earlier = await stored(trx, operationId, r.actor.userId);
      if (earlier) return earlier;
    }
    // The row first: while this transaction runs, an outcome asked on any instance waits for it (settledOperation).
    if (operationId !== undefined) {
      await trx
        .insertInto('bulk_operations')
        .values({
          operation_id: operationId,
          staff_user_id: r.actor.userId,
          status: 'applying',
          report: '{}',
          created_at: r.now,
        })
        .execute();
    }
    const p = await plan(trx, r, true);
    if (!p.ok) throw new GuardedRefusal(p.reason);
    const changing = changingOf(p.diffs);
    const refused = p.diffs.filter((d) => d.refused).length;
    // As in the single edit: no change of activity or expiry leaves nobody with role management.
    const guarded = p.changes.some((c) => c.field.column !== null && SIGN_IN_COLUMNS.includes(c.field.column));
    const grantsBefore = guarded ? await staffGrants(trx) : null;
    const set = assignments(trx, p.changes, r.actor.username, r.now);
    for (const batch of chunks(
      changing.map((d) => d.id),
      UPDATE_BATCH,
    )) {
      await trx
        .updateTable('users')
        .set(set as never)
        .where(oneOf(trx, sql.ref('id'), batch, 'bigint'))
        .execute();
    }
    if (grantsBefore) {
      try {
        checkRoleGuards(grantsBefore, await staffGrants(trx), r.actor.userId);
      } catch (err) {
        throw err instanceof GuardRefusal ? new GuardedRefusal(guardMessage(err)) : err;
      }
    }
    const labels = p.changes.map((c) => c.field.key).join(', ');
    const entries: AuditEntry[] = await mapInSlices(changing, (d) => ({
      category: 'user',
      author: r.actor.username,
      action: `bulk edit (${labels}): ${d.username} (#${d.id})`,
      at: r.now,
      success: true,
      previous: d.previous,
      current: d.current,
      record: { kind: 'user', id: d.id },
    }));
    for (const batch of chunks(entries, AUDIT_BATCH)) await writeAuditMany(trx, batch);
    const report = {
      updated: changing.length,
      unchanged: p.diffs.length - changing.length - refused,
      refused,
      unmatched: p.unmatched,
      results: await mapInSlices(p.diffs, resultOf),
    };
    if (operationId !== undefined) {
      await trx
        .updateTable('bulk_operations')
        .set({ status: 'applied', report: await jsonText(report) })
        .where('operation_id', '=', operationId)
        .execute();
    }
    return { ok: true as const, ...report };
  });
}
