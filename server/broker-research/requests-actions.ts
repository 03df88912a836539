// Approve, reject (with a reason) or send requests to the broker (decisions 055, 057): one
// request or up to BULK_MAX, each from the version the person saw, in one transaction. The rows
// are read locked (PostgreSQL FOR UPDATE; SQLite's one writer holds the transaction), so of two
// staff acting on one request the second finds the version moved and is told who acted. An
// approval inserts the fulfillment first, ON CONFLICT DO NOTHING against the partial unique index
// of one active fulfillment per user and broker: a request whose user already holds one (or whose
// twin in the same batch took it) is told so and left as it was, whatever the race. Every changed
// request gets its audit row naming it (record research_request), the approval's naming the
// fulfillment; a bulk action adds one summary row.
import type { Kysely, Transaction } from 'kysely';
import {
  BR_AUDIT_CATEGORY,
  REQUEST_ACTIONS,
  REQUEST_STATUS_LABELS,
  canAct,
  type RequestAction,
  type RequestStatus,
} from '../../src/domain/broker-research';
import {
  REQUEST_AUDIT_ACTIONS,
  REQUEST_RECORD_KIND,
  type NotChanged,
  type SeenRequest,
} from '../../src/domain/broker-research-requests';
import { writeAuditMany, type AuditEntry } from '../audit';
import { withRowLock } from '../db/row-lock';
import type { Database } from '../db/schema';
import { chunks } from '../db/value-lists';

const CHUNK = 500;

export interface ActionInput {
  action: RequestAction;
  requests: readonly SeenRequest[];
  reason: string;
  author: string;
  now: number;
  /** A bulk action writes its summary row too. */
  bulk: boolean;
}

export interface ActionOutcome {
  changed: number[];
  /** Request id → the fulfillment its approval created. */
  fulfillments: Map<number, number>;
  notChanged: NotChanged[];
}

interface Current {
  id: number;
  status: RequestStatus;
  version: number;
  user_id: number;
  broker_id: number;
  organization_id: number | null;
  decided_by: string | null;
}

async function lockedRows(trx: Transaction<Database>, ids: readonly number[]): Promise<Map<number, Current>> {
  const out = new Map<number, Current>();
  for (const part of chunks(ids, CHUNK)) {
    const q = trx
      .selectFrom('research_requests')
      .select(['id', 'status', 'version', 'user_id', 'broker_id', 'organization_id', 'decided_by'])
      .where('id', 'in', part);
    for (const r of await withRowLock(trx, q).execute()) {
      out.set(Number(r.id), {
        id: Number(r.id),
        status: r.status,
        version: Number(r.version),
        user_id: Number(r.user_id),
        broker_id: Number(r.broker_id),
        organization_id: r.organization_id === null ? null : Number(r.organization_id),
        decided_by: r.decided_by,
      });
    }
  }
  return out;
}

/** Who changed each request last, by its audit rows (requests decided before any history have decided_by alone). */
async function lastActors(trx: Transaction<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunks(ids, CHUNK)) {
    const rows = await trx
      .selectFrom('audit_log')
      .select(['record_id', 'author'])
      .where('record_kind', '=', REQUEST_RECORD_KIND)
      .where('record_id', 'in', part)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const r of rows) if (!out.has(Number(r.record_id))) out.set(Number(r.record_id), r.author);
  }
  return out;
}

const DECIDED: readonly RequestStatus[] = ['approved', 'rejected', 'cancelled'];

function refusedFor(action: RequestAction, status: RequestStatus): string {
  return `A request ${REQUEST_STATUS_LABELS[status].toLowerCase()} cannot be ${action === 'send' ? 'sent to the broker' : `${action === 'approve' ? 'approved' : 'rejected'}`}.`;
}

export function applyRequestAction(db: Kysely<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { action, now, author } = input;
  const rule = REQUEST_ACTIONS[action];
  return db.transaction().execute(async (trx) => {
    const seen = [...new Map(input.requests.map((r) => [r.id, r.version])).entries()].map(([id, version]) => ({
      id,
      version,
    }));
    const rows = await lockedRows(
      trx,
      seen.map((s) => s.id),
    );
    const notChanged: NotChanged[] = [];
    const eligible: Current[] = [];
    const moved: { id: number; row: Current }[] = [];
    for (const s of seen) {
      const row = rows.get(s.id);
      if (!row)
        notChanged.push({
          id: s.id,
          why: 'missing',
          msg: 'This request no longer exists.',
          status: null,
          decided_by: null,
          fulfillment_id: null,
        });
      else if (row.version !== s.version) moved.push({ id: s.id, row });
      else if (!canAct(action, row.status))
        notChanged.push({
          id: s.id,
          why: 'not_allowed',
          msg: refusedFor(action, row.status),
          status: row.status,
          decided_by: row.decided_by,
          fulfillment_id: null,
        });
      else eligible.push(row);
    }
    if (moved.length) {
      const actors = await lastActors(
        trx,
        moved.map((m) => m.id),
      );
      for (const { id, row } of moved) {
        const decided = DECIDED.includes(row.status);
        const who = (decided ? row.decided_by : null) ?? actors.get(id) ?? row.decided_by ?? 'someone else';
        notChanged.push({
          id,
          why: decided ? 'decided' : 'moved',
          status: row.status,
          decided_by: decided ? row.decided_by : null,
          fulfillment_id: null,
          msg: decided
            ? `${REQUEST_STATUS_LABELS[row.status]} by ${who} after you opened it; nothing of yours was changed.`
            : `Changed by ${who} after you opened it (now ${REQUEST_STATUS_LABELS[row.status]}); nothing of yours was changed.`,
        });
      }
    }

    let toChange = eligible;
    const fulfillments = new Map<number, number>();
    if (action === 'approve' && eligible.length) {
      for (const part of chunks(eligible, CHUNK)) {
        const made = await trx
          .insertInto('fulfillments')
          .values(
            part.map((r) => ({
              user_id: r.user_id,
              broker_id: r.broker_id,
              organization_id: r.organization_id,
              source: 'request' as const,
              request_id: r.id,
              source_name: null,
              dist: null,
              starts_at: now,
              ends_at: null,
              status: 'active' as const,
              ended_at: null,
              ended_reason: null,
              created_by: author,
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'request_id'])
          .execute();
        for (const f of made) fulfillments.set(Number(f.request_id), Number(f.id));
      }
      const blocked = eligible.filter((r) => !fulfillments.has(r.id));
      if (blocked.length) {
        const active = new Map<string, number>();
        for (const part of chunks(blocked, CHUNK)) {
          const found = await trx
            .selectFrom('fulfillments')
            .select(['id', 'user_id', 'broker_id'])
            .where('status', '=', 'active')
            .where('user_id', 'in', [...new Set(part.map((r) => r.user_id))])
            .where('broker_id', 'in', [...new Set(part.map((r) => r.broker_id))])
            .execute();
          for (const f of found) active.set(`${f.user_id}:${f.broker_id}`, Number(f.id));
        }
        for (const r of blocked) {
          notChanged.push({
            id: r.id,
            why: 'active_fulfillment',
            status: r.status,
            decided_by: null,
            fulfillment_id: active.get(`${r.user_id}:${r.broker_id}`) ?? null,
            msg: 'The user already holds an active fulfillment of this broker; the request was left as it was.',
          });
        }
        toChange = eligible.filter((r) => fulfillments.has(r.id));
      }
    }

    const reason = action === 'reject' ? input.reason.trim() : null;
    for (const part of chunks(toChange, CHUNK)) {
      await trx
        .updateTable('research_requests')
        .set((eb) => ({
          status: rule.to,
          version: eb('version', '+', 1),
          updated_at: now,
          ...(action === 'send' ? { sent_at: now } : { decided_at: now, decided_by: author }),
          ...(action === 'reject' ? { reason } : {}),
        }))
        .where(
          'id',
          'in',
          part.map((r) => r.id),
        )
        .where('status', 'in', [...rule.from])
        .execute();
    }

    const entries: AuditEntry[] = toChange.map((r) => ({
      category: BR_AUDIT_CATEGORY,
      author,
      action: REQUEST_AUDIT_ACTIONS[action],
      at: now,
      success: true,
      record: { kind: REQUEST_RECORD_KIND, id: r.id },
      previous: { status: r.status, version: r.version },
      current: {
        from: r.status,
        to: rule.to,
        version: r.version + 1,
        user_id: r.user_id,
        broker_id: r.broker_id,
        reason,
        fulfillment_id: fulfillments.get(r.id) ?? null,
        bulk: input.bulk,
      },
    }));
    if (input.bulk) {
      entries.push({
        category: BR_AUDIT_CATEGORY,
        author,
        action: `${REQUEST_AUDIT_ACTIONS[action]} in bulk`,
        at: now,
        success: true,
        current: {
          action,
          asked: seen.length,
          changed: toChange.map((r) => r.id),
          not_changed: notChanged.map((n) => ({ id: n.id, why: n.why })),
          reason,
        },
      });
    }
    for (const part of chunks(entries, 250)) await writeAuditMany(trx, part);
    return { changed: toChange.map((r) => r.id), fulfillments, notChanged };
  });
}
