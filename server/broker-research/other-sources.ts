// Fulfillments from Other Sources (decision 060): the rows of a file that passed its own rules
// (src/domain/broker-research-other-sources.ts) judged against the database — no such user, a
// user deleted or deactivated, no such broker, a name two brokers share, an end already past, the
// same user and broker twice, an active fulfillment already there (skipped) — and the rows that
// pass applied in one transaction: set-based inserts of 5,000 rows a statement, the partial
// unique index on active (user, broker) deciding any race, one import row, one audit row.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import { writeAudit } from '../audit';
import { engineOf } from '../db/connect';
import type { Database } from '../db/schema';
import { BR_AUDIT_CATEGORY, distributorLabel } from '../../src/domain/broker-research';
import {
  dayStart,
  isProblem,
  judgeFileRow,
  OTHER_SOURCE_REASONS as R,
  readOtherSourceFile,
  splitOtherSourceRows,
  type OtherSourceRead,
  type OtherSourceRow,
  type ReportRow,
} from '../../src/domain/broker-research-other-sources';
import { decodeCsvText, type CsvRow, type CsvRowProblem } from '../../src/domain/csv-upload';
import { papaRows } from '../../src/domain/identifier-file';
import { foldAscii } from '../db/prefix-match';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { isoDayOf } from '../../src/domain/format';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows judged between two turns of the event loop. */
const SLICE = 5_000;

/**
 * Where rows end, about every `size` characters: a line end outside any quoted field (a quote
 * opens a field only at its start, and "" inside one is a quote), as papaparse splits rows.
 */
export function rowBreaks(text: string, size: number): number[] {
  const breaks: number[] = [];
  let quoted = false;
  let fieldStart = true;
  let next = size;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
      continue;
    }
    if (ch === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
      continue;
    }
    fieldStart = ch === ',' || ch === '\n';
    if (ch === '\n' && i + 1 >= next) {
      breaks.push(i + 1);
      next = i + 1 + size;
    }
  }
  return breaks;
}

/** Characters of the file split by papaparse between two turns of the event loop. */
const READ_SLICE = 200_000;

/**
 * The uploaded file read by the rules the browser's reader runs (readOtherSourceFile): its rows
 * split in slices and judged in slices, a turn of the event loop between them. A file whose
 * quoting breaks is read again whole, so its refusal is worded as the browser words it.
 */
export async function readUploadedFile(bytes: Uint8Array, sliceChars = READ_SLICE): Promise<OtherSourceRead> {
  const decoded = decodeCsvText(bytes);
  if (!decoded.ok) return { ok: false, reason: decoded.reason, problems: [] };
  const text = decoded.text.replace(/\r\n?/g, '\n');
  const rows: CsvRow[] = [];
  let from = 0;
  let firstLine = 1;
  for (const to of [...rowBreaks(text, sliceChars), text.length]) {
    if (to <= from) continue;
    const slice = text.slice(from, to);
    const read = papaRows(slice);
    if (read.error) return readOtherSourceFile(bytes);
    for (const r of read.rows) rows.push({ row: r.row + firstLine - 1, cells: r.cells });
    for (let i = 0; i < slice.length; i++) if (slice.charCodeAt(i) === 10) firstLine++;
    from = to;
    await nextTurn();
  }
  const split = splitOtherSourceRows(rows);
  if (!split.ok) return split;
  const taken: OtherSourceRow[] = [];
  const problems: CsvRowProblem[] = [];
  for (let i = 0; i < split.data.length; i++) {
    if (i > 0 && i % SLICE === 0) await nextTurn();
    const judged = judgeFileRow(split.columns, split.data[i]!);
    if (isProblem(judged)) problems.push(judged);
    else taken.push(judged);
  }
  return { ok: true, header: split.columns, rows: taken, problems };
}

/** A row that passes: the fulfillment it becomes. */
export interface Entitlement {
  row: number;
  userId: number;
  brokerId: number;
  organizationId: number | null;
  startsAt: number;
  endsAt: number | null;
}

export interface Judgement {
  /** Data rows of the file. */
  rows: number;
  entitle: Entitlement[];
  /** Every row not taken, in row order. */
  report: ReportRow[];
}

interface FoundUser {
  id: number;
  username: string;
  email: string;
  organization_id: number | null;
  active: number;
  deleted: number;
}

const ID_TEXT = /^\d{1,15}$/;
/** SQLite's lower() folds A–Z only, PostgreSQL's may fold more: both foldings are looked up. */
const folds = (text: string): string[] => {
  const ascii = foldAscii(text);
  const full = text.toLowerCase();
  return ascii === full ? [ascii] : [ascii, full];
};

async function usersBy(
  db: Db,
  key: 'id' | 'email' | 'username',
  values: readonly (string | number)[],
): Promise<FoundUser[]> {
  const found: FoundUser[] = [];
  const column = key === 'id' ? sql.ref('id') : sql`lower(${sql.ref(key)})`;
  const sorted = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const batch of chunks(sorted, LOOKUP_BATCH)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'organization_id', 'active', 'deleted'])
      .where(oneOf(db, column, batch, key === 'id' ? 'bigint' : 'text'))
      .execute();
    for (const r of rows)
      found.push({
        ...r,
        id: Number(r.id),
        organization_id: r.organization_id === null ? null : Number(r.organization_id),
        active: Number(r.active),
        deleted: Number(r.deleted),
      });
  }
  return found;
}

/**
 * Each user cell is a user id (digits), an email (has '@') or a username; digits that are no
 * user's id may still be a username. Deleted and deactivated users are found too, to be named so.
 */
async function resolveUsers(db: Db, cells: readonly string[]): Promise<Map<string, FoundUser>> {
  const texts = [...new Set(cells)];
  const isEmail = (t: string) => t.includes('@');
  const byId = new Map(
    (await usersBy(db, 'id', texts.filter((t) => ID_TEXT.test(t)).map(Number))).map((u) => [u.id, u]),
  );
  const byKey = (users: FoundUser[], key: 'email' | 'username') => {
    const map = new Map<string, FoundUser>();
    for (const u of users) for (const k of folds(u[key])) if (!map.has(k)) map.set(k, u);
    return map;
  };
  const byEmail = byKey(await usersBy(db, 'email', texts.filter(isEmail).flatMap(folds)), 'email');
  const idOf = (t: string) => (ID_TEXT.test(t) ? byId.get(Number(t)) : undefined);
  const byUsername = byKey(
    await usersBy(db, 'username', texts.filter((t) => !isEmail(t) && !idOf(t)).flatMap(folds)),
    'username',
  );
  const named = (map: Map<string, FoundUser>, t: string) =>
    folds(t)
      .map((k) => map.get(k))
      .find(Boolean);
  const out = new Map<string, FoundUser>();
  for (const t of texts) {
    const user = isEmail(t) ? named(byEmail, t) : (idOf(t) ?? named(byUsername, t));
    if (user) out.set(t, user);
  }
  return out;
}

/** Each broker cell is a broker id or its exact name (any case); the ids it may name. */
async function resolveBrokers(db: Db, cells: readonly string[]): Promise<Map<string, number[]>> {
  const texts = [...new Set(cells)];
  const ids = new Set<number>();
  for (const batch of chunks([...new Set(texts.filter((t) => ID_TEXT.test(t)).map(Number))], LOOKUP_BATCH)) {
    for (const r of await db
      .selectFrom('brokers')
      .select('id')
      .where(oneOf(db, sql.ref('id'), batch, 'bigint'))
      .execute())
      ids.add(Number(r.id));
  }
  const byName = new Map<string, number[]>();
  const names = texts.filter((t) => !(ID_TEXT.test(t) && ids.has(Number(t)))).flatMap(folds);
  for (const batch of chunks([...new Set(names)], LOOKUP_BATCH)) {
    // brokers_name_idx is on lower(name).
    const rows = await db
      .selectFrom('brokers')
      .select(['id', 'name'])
      .where(oneOf(db, sql`lower(${sql.ref('name')})`, batch, 'text'))
      .execute();
    for (const r of rows) {
      for (const k of folds(r.name)) {
        const list = byName.get(k) ?? [];
        if (!list.includes(Number(r.id))) list.push(Number(r.id));
        byName.set(k, list);
      }
    }
  }
  const out = new Map<string, number[]>();
  for (const t of texts) {
    if (ID_TEXT.test(t) && ids.has(Number(t))) out.set(t, [Number(t)]);
    else {
      const found = new Set(folds(t).flatMap((k) => byName.get(k) ?? []));
      if (found.size > 0) out.set(t, [...found]);
    }
  }
  return out;
}

/** The active fulfillments of these users: "user:broker" → its id and start. */
async function activeOf(db: Db, userIds: readonly number[]): Promise<Map<string, { id: number; startsAt: number }>> {
  const out = new Map<string, { id: number; startsAt: number }>();
  for (const batch of chunks(
    [...new Set(userIds)].sort((a, b) => a - b),
    LOOKUP_BATCH,
  )) {
    // The partial index of active (user, broker) answers: the status is a literal, and on SQLite the
    // ids lead the join (its planner would otherwise walk every active row by status).
    const rows =
      engineOf(db) === 'postgres'
        ? await db
            .selectFrom('fulfillments')
            .select(['id', 'user_id', 'broker_id', 'starts_at'])
            .where(sql<boolean>`status = 'active'`)
            .where(oneOf(db, sql.ref('user_id'), batch, 'bigint'))
            .execute()
        : (
            await sql<{
              id: number;
              user_id: number;
              broker_id: number;
              starts_at: number;
            }>`select f.id, f.user_id, f.broker_id, f.starts_at
          from json_each(${JSON.stringify(batch)}) as j cross join fulfillments as f on f.user_id = j.value where f.status = 'active'`.execute(
              db,
            )
          ).rows;
    for (const r of rows) out.set(`${r.user_id}:${r.broker_id}`, { id: Number(r.id), startsAt: Number(r.starts_at) });
  }
  return out;
}

/** The file's rows against the database, at `now`. `problems` are the rows the file's rules refused. */
export async function judgeRows(
  db: Db,
  rows: readonly OtherSourceRow[],
  problems: readonly CsvRowProblem[],
  now: number,
): Promise<Judgement> {
  const users = await resolveUsers(
    db,
    rows.map((r) => r.user),
  );
  const brokers = await resolveBrokers(
    db,
    rows.map((r) => r.broker),
  );
  const today = dayStart(isoDayOf(now))!;
  const report: ReportRow[] = problems.map((p) => ({ ...p, outcome: 'refused' as const }));
  const candidates: Entitlement[] = [];
  const firstRow = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % SLICE === 0) await nextTurn();
    const r = rows[i]!;
    const refuse = (reason: string) => report.push({ row: r.row, value: r.value, reason, outcome: 'refused' });
    const user = users.get(r.user);
    if (!user) {
      refuse(R.noSuchUser);
      continue;
    }
    if (user.deleted) {
      refuse(R.userDeleted(user.id));
      continue;
    }
    if (!user.active) {
      refuse(R.userInactive(user.id));
      continue;
    }
    const brokerIds = brokers.get(r.broker);
    if (!brokerIds) {
      refuse(R.noSuchBroker);
      continue;
    }
    if (brokerIds.length > 1) {
      refuse(R.twoBrokers(brokerIds.length));
      continue;
    }
    const endsAt = r.ends === null ? null : dayStart(r.ends)!;
    if (endsAt !== null && endsAt < today) {
      refuse(R.endsPast(isoDayOf(today)));
      continue;
    }
    const key = `${user.id}:${brokerIds[0]}`;
    const seen = firstRow.get(key);
    if (seen !== undefined) {
      refuse(R.repeat(seen));
      continue;
    }
    firstRow.set(key, r.row);
    candidates.push({
      row: r.row,
      userId: user.id,
      brokerId: brokerIds[0]!,
      organizationId: user.organization_id,
      startsAt: dayStart(r.starts)!,
      endsAt,
    });
  }
  const active = await activeOf(
    db,
    candidates.map((c) => c.userId),
  );
  const entitle: Entitlement[] = [];
  const byRow = new Map(rows.map((r) => [r.row, r]));
  for (const c of candidates) {
    const held = active.get(`${c.userId}:${c.brokerId}`);
    if (held)
      report.push({
        row: c.row,
        value: byRow.get(c.row)!.value,
        reason: R.alreadyActive(held.id, isoDayOf(held.startsAt)),
        outcome: 'skipped',
      });
    else entitle.push(c);
  }
  report.sort((a, b) => a.row - b.row);
  return { rows: rows.length + problems.length, entitle, report };
}

export const countsOf = (j: Judgement) => {
  let skipped = 0;
  for (const r of j.report) if (r.outcome === 'skipped') skipped++;
  return { rows: j.rows, taken: j.entitle.length, skipped, refused: j.report.length - skipped };
};

export interface Upload {
  fileName: string;
  sourceName: string;
  dist: string;
  rows: readonly OtherSourceRow[];
  problems: readonly CsvRowProblem[];
}

export interface Applied extends Judgement {
  importId: number;
}

/** Rows per insert statement: the list travels as one parameter (a JSON text or arrays). */
const INSERT_BATCH = 5_000;

/** One statement inserts a batch; a pair that meets an active fulfillment is left out (the partial unique index). */
async function insertBatch(
  trx: Transaction<Database>,
  batch: readonly Entitlement[],
  upload: Upload,
  importId: number,
  author: string,
  now: number,
): Promise<Set<string>> {
  const fixed = sql`'other_source', ${upload.sourceName}, ${upload.dist}, 'active', ${author}, ${now}, ${importId}`;
  const columns = sql`(user_id, broker_id, organization_id, starts_at, ends_at, source, source_name, dist, status, created_by, created_at, import_id)`;
  let query;
  if (engineOf(trx) === 'postgres') {
    const col = <T>(pick: (e: Entitlement) => T) => batch.map(pick);
    query = sql<{ user_id: number; broker_id: number }>`insert into fulfillments ${columns}
      select t.u, t.b, t.o, t.s, t.e, ${fixed}
      from unnest(${col((e) => e.userId)}::bigint[], ${col((e) => e.brokerId)}::bigint[], ${col((e) => e.organizationId)}::bigint[],
                  ${col((e) => e.startsAt)}::bigint[], ${col((e) => e.endsAt)}::bigint[]) as t(u, b, o, s, e)
      on conflict do nothing returning user_id, broker_id`;
  } else {
    const json = JSON.stringify(batch.map((e) => [e.userId, e.brokerId, e.organizationId, e.startsAt, e.endsAt]));
    query = sql<{ user_id: number; broker_id: number }>`insert into fulfillments ${columns}
      select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, ${fixed}
      from json_each(${json}) where true
      on conflict do nothing returning user_id, broker_id`;
  }
  const { rows } = await query.execute(trx);
  return new Set(rows.map((r) => `${r.user_id}:${r.broker_id}`));
}

/**
 * Judges the rows again inside one transaction and adds the fulfillments of those that pass, with
 * the import row and one audit row. A row whose user meanwhile got an active fulfillment of the
 * broker is reported skipped; any failure writes nothing at all.
 */
export async function applyUpload(db: Kysely<Database>, upload: Upload, author: string, now: number): Promise<Applied> {
  return db.transaction().execute(async (trx) => {
    const judged = await judgeRows(trx, upload.rows, upload.problems, now);
    const created = await trx
      .insertInto('other_source_imports')
      .values({
        file_name: upload.fileName,
        source_name: upload.sourceName,
        dist: upload.dist,
        rows: judged.rows,
        taken: 0,
        skipped: 0,
        refused: 0,
        created_by: author,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const importId = Number(created.id);
    const entitle: Entitlement[] = [];
    const late: ReportRow[] = [];
    const rowOf = new Map(upload.rows.map((r) => [r.row, r]));
    for (const batch of chunks(judged.entitle, INSERT_BATCH)) {
      const added = await insertBatch(trx, batch, upload, importId, author, now);
      for (const e of batch) {
        if (added.has(`${e.userId}:${e.brokerId}`)) entitle.push(e);
        else late.push({ row: e.row, value: rowOf.get(e.row)!.value, reason: R.addedMeanwhile, outcome: 'skipped' });
      }
    }
    const report = late.length > 0 ? [...judged.report, ...late].sort((a, b) => a.row - b.row) : judged.report;
    const result: Applied = { rows: judged.rows, entitle, report, importId };
    const counts = countsOf(result);
    await trx
      .updateTable('other_source_imports')
      .set({ taken: counts.taken, skipped: counts.skipped, refused: counts.refused })
      .where('id', '=', importId)
      .execute();
    await writeAudit(trx, {
      category: BR_AUDIT_CATEGORY,
      author,
      at: now,
      success: true,
      origin: 'other_source_import',
      action: `fulfillments imported from ${upload.sourceName} (${distributorLabel(upload.dist)}), file ${upload.fileName}: ${counts.taken} added, ${counts.skipped} skipped, ${counts.refused} refused (import #${importId})`,
      current: {
        import_id: importId,
        file_name: upload.fileName,
        source_name: upload.sourceName,
        dist: upload.dist,
        ...counts,
      },
    });
    return result;
  });
}
