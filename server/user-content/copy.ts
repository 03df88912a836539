// Copying saved searches, watchlists or dashboards from one user onto others (decision 065).
// The plan says, per target, which copied names are new and how each clash (a name the target
// already has, as contentNameKey folds it) is resolved. The preview is the plan on the names read
// now; the copy takes each target's lock in id order, reads the names again inside its one
// transaction and carries out the plan made from them, so two copies onto one user at once
// neither duplicate nor lose a name. Rows are written set-based: the copies take their body and
// size from the source rows inside the database, never through the server.
import { sql } from 'kysely';
import {
  CONTENT_KIND_LABELS,
  CONTENT_MESSAGES,
  CONTENT_PER_USER_MAX,
  PREVIEW_CLASHES_SHOWN,
  contentNameKey,
  renamedCopy,
  type ClashResolution,
  type ContentKind,
  type CopyClash,
  type CopyContentReply,
  type CopyTarget,
} from '../../src/domain/user-content';
import { writeAuditMany, type AuditEntry } from '../audit';
import { engineOf } from '../db/connect';
import { chunks, oneOf } from '../db/value-lists';
import { resolveIdentifiers } from '../users/selection';
import type { Db } from './records';

export interface SourceItem {
  id: number;
  name: string;
  name_key: string;
}
export interface Target {
  id: number;
  username: string;
  name: string;
}

type Write = { user_id: number; item_id: number; name: string; name_key: string };
type Replace = { row_id: number; item_id: number };

interface TargetPlan extends CopyTarget {
  inserts: Write[];
  replaces: Replace[];
  renamedNames: string[];
  /** Items of the kind the target would hold after the copy. */
  holds: number;
}

/** The source user's items of a kind among `ids`, and the ids that are not. */
export async function sourceItems(
  db: Db,
  sourceId: number,
  kind: ContentKind,
  ids: readonly number[],
): Promise<{ items: SourceItem[]; missing: number[] }> {
  const wanted = [...new Set(ids)];
  const rows = await db
    .selectFrom('user_content')
    .select(['id', 'name', 'name_key'])
    .where(oneOf(db, sql.ref('id'), wanted, 'bigint'))
    .where('user_id', '=', sourceId)
    .where('kind', '=', kind)
    .execute();
  const found = new Set(rows.map((r) => Number(r.id)));
  // Items in the order given, so a rename's number follows the person's choice.
  const byId = new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, name_key: r.name_key }]));
  return {
    items: wanted.filter((id) => found.has(id)).map((id) => byId.get(id)!),
    missing: wanted.filter((id) => !found.has(id)),
  };
}

export type Targets = { ok: true; targets: Target[] } | { ok: false; msg: string };

/** Identifiers to live users; unknown ones and the source itself are refused. */
export async function resolveTargets(db: Db, identifiers: readonly string[], sourceId: number): Promise<Targets> {
  const { matched, unmatched } = await resolveIdentifiers(db, identifiers);
  if (unmatched.length) return { ok: false, msg: CONTENT_MESSAGES.unknownTargets(unmatched) };
  if (matched.some((m) => m.id === sourceId)) return { ok: false, msg: CONTENT_MESSAGES.sourceIsTarget };
  const names = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where(
          oneOf(
            db,
            sql.ref('id'),
            matched.map((m) => m.id),
            'bigint',
          ),
        )
        .execute()
    ).map((r) => [Number(r.id), `${r.first_name} ${r.last_name}`.trim()]),
  );
  const targets = matched.map((m) => ({ id: m.id, username: m.username, name: names.get(m.id) ?? '' }));
  return { ok: true, targets: targets.sort((a, b) => a.id - b.id) };
}

/** Each target's names of the kind: name key → row id. One read for all targets. */
async function targetNames(
  db: Db,
  kind: ContentKind,
  targets: readonly Target[],
): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>(targets.map((t) => [t.id, new Map()]));
  for (const batch of chunks(
    targets.map((t) => t.id),
    1000,
  )) {
    const rows = await db
      .selectFrom('user_content')
      .select(['id', 'user_id', 'name_key'])
      .where(oneOf(db, sql.ref('user_id'), batch, 'bigint'))
      .where('kind', '=', kind)
      .execute();
    for (const r of rows) out.get(Number(r.user_id))!.set(r.name_key, Number(r.id));
  }
  return out;
}

function planTarget(
  target: Target,
  items: readonly SourceItem[],
  names: Map<string, number>,
  onClash: ClashResolution,
): TargetPlan {
  // A rename must miss the target's names, every copied name and the renames made so far.
  const taken = new Set([...names.keys(), ...items.map((i) => i.name_key)]);
  const inserts: Write[] = [];
  const replaces: Replace[] = [];
  const clashes: CopyClash[] = [];
  const renamedNames: string[] = [];
  let clashCount = 0;
  let skipped = 0;
  for (const item of items) {
    const own = names.get(item.name_key);
    if (own === undefined) {
      inserts.push({ user_id: target.id, item_id: item.id, name: item.name, name_key: item.name_key });
      continue;
    }
    clashCount++;
    let newName: string | null = null;
    if (onClash === 'rename') {
      newName = renamedCopy(item.name, (key) => taken.has(key));
      const key = contentNameKey(newName);
      taken.add(key);
      renamedNames.push(newName);
      inserts.push({ user_id: target.id, item_id: item.id, name: newName, name_key: key });
    } else if (onClash === 'replace') replaces.push({ row_id: own, item_id: item.id });
    else skipped++;
    if (clashes.length < PREVIEW_CLASHES_SHOWN)
      clashes.push({ item_id: item.id, name: item.name, resolution: onClash, new_name: newName });
  }
  return {
    user_id: target.id,
    username: target.username,
    name: target.name,
    added: inserts.length,
    renamed: renamedNames.length,
    skipped,
    replaced: replaces.length,
    clashes,
    clash_count: clashCount,
    inserts,
    replaces,
    renamedNames,
    holds: names.size + inserts.length,
  };
}

export type CopyOutcome = { ok: true; reply: CopyContentReply } | { ok: false; field: 'targets'; msg: string };

export interface CopyRequest {
  kind: ContentKind;
  source: { id: number; username: string };
  items: readonly SourceItem[];
  targets: readonly Target[];
  onClash: ClashResolution;
  author: string;
  now: number;
}

async function plan(
  db: Db,
  req: CopyRequest,
): Promise<{ ok: true; plans: TargetPlan[] } | { ok: false; field: 'targets'; msg: string }> {
  const names = await targetNames(db, req.kind, req.targets);
  const plans = req.targets.map((t) => planTarget(t, req.items, names.get(t.id)!, req.onClash));
  const over = plans.filter((p) => p.holds > CONTENT_PER_USER_MAX);
  if (over.length)
    return {
      ok: false,
      field: 'targets',
      msg: over.map((p) => CONTENT_MESSAGES.tooMany(req.kind, p.username)).join(' '),
    };
  return { ok: true, plans };
}

function replyOf(req: CopyRequest, plans: readonly TargetPlan[], preview: boolean): CopyContentReply {
  const totals = { added: 0, renamed: 0, skipped: 0, replaced: 0 };
  for (const p of plans) {
    totals.added += p.added;
    totals.renamed += p.renamed;
    totals.skipped += p.skipped;
    totals.replaced += p.replaced;
  }
  const written = totals.added + totals.replaced;
  return {
    status: true,
    kind: req.kind,
    preview,
    items: req.items.length,
    targets: plans.map(({ inserts: _i, replaces: _r, renamedNames: _n, holds: _h, ...t }) => t),
    totals,
    msg: preview
      ? CONTENT_MESSAGES.wouldCopy(req.kind, written, plans.length)
      : CONTENT_MESSAGES.copied(req.kind, written, plans.length),
  };
}

/** What the copy would do, read now; writes nothing. */
export async function previewCopy(db: Db, req: CopyRequest): Promise<CopyOutcome> {
  const planned = await plan(db, req);
  return planned.ok ? { ok: true, reply: replyOf(req, planned.plans, true) } : planned;
}

/** Rows a set-based statement takes: one JSON parameter each, so this bounds its size only. */
const WRITE_CHUNK = 5_000;

/** The rows of a JSON array parameter as a table `j` with the given columns. */
function jsonRows(db: Db, rows: readonly object[], columns: Record<string, 'bigint' | 'text'>) {
  const json = JSON.stringify(rows);
  if (engineOf(db) === 'postgres') {
    const defs = Object.entries(columns)
      .map(([name, type]) => `${name} ${type}`)
      .join(', ');
    return sql`jsonb_to_recordset(${json}::jsonb) as j(${sql.raw(defs)})`;
  }
  const cols = Object.keys(columns)
    .map((name) => `json_extract(value, '$.${name}') as ${name}`)
    .join(', ');
  return sql`(select ${sql.raw(cols)} from json_each(${json})) as j`;
}

export async function copyContent(db: Db, req: CopyRequest): Promise<CopyOutcome> {
  return (db.isTransaction ? run(db as never) : db.transaction().execute(run)).catch((e: unknown) => {
    if (e instanceof Refused) return { ok: false, field: 'targets', msg: e.message } as const;
    throw e;
  });

  async function run(trx: Db): Promise<CopyOutcome> {
    // Each target's lock in id order (targets are sorted), so two copies never wait on each other in a circle.
    if (engineOf(trx) === 'postgres') {
      for (const t of req.targets)
        await sql`select pg_advisory_xact_lock(${CONTENT_LOCK_CLASS}, ${t.id}::int)`.execute(trx);
    }
    const planned = await plan(trx, req);
    if (!planned.ok) throw new Refused(planned.msg);
    const inserts = planned.plans.flatMap((p) => p.inserts);
    const replaces = planned.plans.flatMap((p) => p.replaces);
    for (const batch of chunks(inserts, WRITE_CHUNK)) {
      await sql`insert into user_content (user_id, kind, name, name_key, body, size, last_used_at, created_by, created_at, updated_at)
        select j.user_id, s.kind, j.name, j.name_key, s.body, s.size, null, cast(${req.author} as text), cast(${req.now} as bigint), cast(${req.now} as bigint)
        from ${jsonRows(trx, batch, { user_id: 'bigint', item_id: 'bigint', name: 'text', name_key: 'text' })}
        join user_content s on s.id = j.item_id`.execute(trx);
    }
    for (const batch of chunks(replaces, WRITE_CHUNK)) {
      await sql`update user_content set body = s.body, size = s.size, updated_at = cast(${req.now} as bigint)
        from ${jsonRows(trx, batch, { row_id: 'bigint', item_id: 'bigint' })}
        join user_content s on s.id = j.item_id
        where user_content.id = j.row_id`.execute(trx);
    }
    const label = CONTENT_KIND_LABELS[req.kind];
    await writeAuditMany(
      trx,
      planned.plans.map((p): AuditEntry => {
        const copied = p.added + p.replaced;
        return {
          category: 'user',
          author: req.author,
          at: req.now,
          success: true,
          record: { kind: 'user', id: p.user_id },
          action: `copied ${copied} ${copied === 1 ? label.one : label.many} from ${req.source.username}`,
          current: {
            kind: req.kind,
            source_user_id: req.source.id,
            added: p.added,
            renamed: p.renamed,
            skipped: p.skipped,
            replaced: p.replaced,
            renamed_names: p.renamedNames,
          },
        };
      }),
    );
    return { ok: true, reply: replyOf(req, planned.plans, false) };
  }
}

/** The first key of the two-key advisory lock a target's content is written under. */
const CONTENT_LOCK_CLASS = 20261128;

class Refused extends Error {}
