// User submissions (decision 056): research users submitted, read newest first a page at a time
// from a keyset cursor on (submitted_at, id) — the status filter reads the (status, submitted_at,
// id) index from the cursor, the whole list the (submitted_at, id) one, and a title search walks
// the same order and stops at a page's worth. The review actions follow SUBMISSION_ACTIONS: one
// transaction, one conditional UPDATE on the version the person read (and the statuses the
// action leaves from), the audit row beside it; the loser of a race is told who won.
import { sql, type Kysely, type Transaction } from 'kysely';
import { BR_AUDIT_CATEGORY, type SubmissionStatus } from '../../src/domain/broker-research';
import {
  SUBMISSION_ACTIONS,
  SUBMISSION_PAGE_SIZE,
  canActOnSubmission,
  type SubmissionAction,
  type SubmissionCursor,
  type SubmissionItem,
} from '../../src/domain/broker-research-user-submission';
import type { LatestSubmission } from '../../src/domain/broker-research-control-panel';
import { writeAudit } from '../audit';
import { engineOf } from '../db/connect';
import { boundedPage } from '../db/keyset';
import type { Database } from '../db/schema';
import { contains, foldedAsLower } from '../db/like';

type Db = Kysely<Database> | Transaction<Database>;

/** What a listed submission shows, with the broker it names (if any) and the user who sent it. */
const SUBMISSION_COLUMNS = [
  's.id',
  's.title',
  's.summary',
  's.tickers',
  's.file_name',
  's.file_size',
  's.status',
  's.reason',
  's.submitted_at',
  's.reviewed_by',
  's.reviewed_at',
  's.version',
  's.broker_id',
  'b.name as broker_name',
  'u.id as user_id',
  'u.username',
  'u.email',
  'u.first_name',
  'u.last_name',
] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('research_submissions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('brokers as b', 'b.id', 's.broker_id')
    .select([...SUBMISSION_COLUMNS]);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function itemOf(r: Row): SubmissionItem {
  return {
    id: Number(r.id),
    title: r.title,
    summary: r.summary,
    tickers: r.tickers
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    file_name: r.file_name,
    file_size: Number(r.file_size),
    broker: r.broker_id === null || r.broker_name === null ? null : { id: Number(r.broker_id), name: r.broker_name },
    user: {
      id: Number(r.user_id),
      username: r.username,
      email: r.email,
      name: `${r.first_name} ${r.last_name}`.trim(),
    },
    status: r.status,
    reason: r.reason,
    submitted_at: Number(r.submitted_at),
    reviewed_by: r.reviewed_by,
    reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
    version: Number(r.version),
  };
}

export interface SubmissionSearch {
  status: SubmissionStatus | null;
  /** Words of the title, any case. */
  q: string;
  after: SubmissionCursor | null;
}

export async function listSubmissions(
  db: Db,
  s: SubmissionSearch,
): Promise<{ submissions: SubmissionItem[]; next: SubmissionCursor | null }> {
  let q = baseQuery(db);
  if (s.status) q = q.where('s.status', '=', s.status);
  if (s.q !== '') {
    q = q.where(contains(sql`lower(s.title)`, foldedAsLower(engineOf(db), s.q)));
  }
  if (s.after) {
    const { at, id } = s.after;
    // A row value, so both engines read the index range from the cursor (an OR of the two halves scans).
    q = q.where(sql`(s.submitted_at, s.id)`, '<', sql`(${at}, ${id})`);
  }
  const rows = await q
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(SUBMISSION_PAGE_SIZE + 1)
    .execute();
  const { page: kept, more } = boundedPage(rows, SUBMISSION_PAGE_SIZE);
  const page = kept.map(itemOf);
  const last = page.at(-1);
  return { submissions: page, next: more && last ? { at: last.submitted_at, id: last.id } : null };
}

export async function findSubmission(db: Db, id: number): Promise<SubmissionItem | null> {
  const row = await baseQuery(db).where('s.id', '=', id).executeTakeFirst();
  return row ? itemOf(row) : null;
}

/** Submissions waiting (status new): one count over the status index's range. */
export async function countNewSubmissions(db: Db): Promise<number> {
  const row = await db
    .selectFrom('research_submissions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'new')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The `limit` newest waiting submissions. */
export async function latestNewSubmissions(db: Db, limit: number): Promise<LatestSubmission[]> {
  if (limit === 0) return [];
  const rows = await db
    .selectFrom('research_submissions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.title', 's.submitted_at', 'u.username'])
    .where('s.status', '=', 'new')
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    username: r.username,
    submitted_at: Number(r.submitted_at),
  }));
}

export type ActResult =
  | { ok: true; submission: SubmissionItem }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'not_from'; current: SubmissionItem }
  | { ok: false; reason: 'stale'; current: SubmissionItem };

/** One review action from the version read; the status rule and the version both sit in the UPDATE's WHERE. */
export function actOnSubmission(
  db: Kysely<Database>,
  input: { id: number; action: SubmissionAction; version: number; reason: string | null },
  author: string,
  now: number,
): Promise<ActResult> {
  const rule = SUBMISSION_ACTIONS[input.action];
  return db.transaction().execute(async (trx): Promise<ActResult> => {
    const before = await findSubmission(trx, input.id);
    if (!before) return { ok: false, reason: 'missing' };
    const updated = await trx
      .updateTable('research_submissions')
      .set({ status: rule.to, reason: input.reason, reviewed_by: author, reviewed_at: now, version: input.version + 1 })
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .where('status', 'in', [...rule.from])
      .returning(['id'])
      .executeTakeFirst();
    const current = await findSubmission(trx, input.id);
    if (!current) return { ok: false, reason: 'missing' };
    if (!updated) {
      // Read at this version and still there: the action does not leave this status; otherwise someone acted first.
      return current.version === input.version && !canActOnSubmission(input.action, current.status)
        ? { ok: false, reason: 'not_from', current }
        : { ok: false, reason: 'stale', current };
    }
    await writeAudit(trx, {
      category: BR_AUDIT_CATEGORY,
      author,
      action: `research submission ${input.action.replace('_', ' ')}`,
      at: now,
      previous: { submission: input.id, title: before.title, status: before.status, version: input.version },
      current: { submission: input.id, status: current.status, reason: current.reason, version: current.version },
      success: true,
    });
    return { ok: true, submission: current };
  });
}
