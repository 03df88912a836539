// A bulk action's preview (decision 057): the selection resolved to at most BULK_MAX requests —
// those chosen with the versions seen, or the newest matching the filters — and how many each
// action applies to (their status allows it and nobody changed them since they were seen). The
// action that follows names the same requests and versions, so what the preview counted is what
// it is taken from; anything changed in between is reported, not applied.
import type { Kysely } from 'kysely';
import { REQUEST_ACTION_KEYS, REQUEST_STATUSES, canAct, type RequestStatus } from '../../src/domain/broker-research';
import { BULK_MAX, type BulkPreviewReply, type BulkSelection } from '../../src/domain/broker-research-requests';
import type { Database } from '../db/schema';
import { matchingRequests } from './requests';

export async function previewBulk(
  db: Kysely<Database>,
  selection: BulkSelection,
): Promise<Omit<BulkPreviewReply, 'status'>> {
  let capped = false;
  const changed = new Set<number>();
  let missing = 0;
  let requests: { id: number; version: number; status: RequestStatus }[];
  if (selection.kind === 'matching') {
    const rows = await matchingRequests(db, selection.filters)
      .select(['r.id', 'r.version', 'r.status'])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(BULK_MAX + 1)
      .execute();
    capped = rows.length > BULK_MAX;
    requests = rows.slice(0, BULK_MAX).map((r) => ({ id: Number(r.id), version: Number(r.version), status: r.status }));
  } else {
    const seen = new Map(selection.requests.map((r) => [r.id, r.version]));
    const rows = await db
      .selectFrom('research_requests')
      .select(['id', 'version', 'status'])
      .where('id', 'in', [...seen.keys()])
      .execute();
    const now = new Map(rows.map((r) => [Number(r.id), r]));
    requests = [];
    for (const [id, version] of seen) {
      const row = now.get(id);
      if (!row) {
        missing++;
        continue;
      }
      if (Number(row.version) !== version) changed.add(id);
      // The version seen: an action from it reports anything changed since.
      requests.push({ id, version, status: row.status });
    }
  }
  const fresh = requests.filter((r) => !changed.has(r.id));
  const by_status = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<RequestStatus, number>;
  for (const r of requests) by_status[r.status]++;
  return {
    selected: requests.length,
    capped,
    applies: Object.fromEntries(
      REQUEST_ACTION_KEYS.map((a) => [a, fresh.filter((r) => canAct(a, r.status)).length]),
    ) as BulkPreviewReply['applies'],
    changed_since: changed.size + missing,
    by_status,
    requests,
  };
}
