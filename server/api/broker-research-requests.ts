// Broker Research → Requests (decisions 055, 057), every call with br_research: the list (POST, its
// filters and cursor as form fields), one request with its history, an action on one request from
// the version seen (409 naming who acted when it moved), and a bulk action after its preview.
import {
  BulkActionForm,
  BulkPreviewForm,
  ListRequestsForm,
  OneRequestQuery,
  REQUEST_PATHS,
  RequestActionForm,
  bulkOutcomeWords,
  requestDoneWords,
  type BulkActionReply,
  type BulkPreviewReply,
  type ListRequestsReply,
  type OneRequestReply,
  type RequestActionReply,
  type RequestConflictReply,
} from '../../src/domain/broker-research-requests';
import { listRequests, oneRequest, requestRowsByIds } from '../broker-research/requests';
import { applyRequestAction, type ActionInput } from '../broker-research/requests-actions';
import type { AppDeps, CurrentSession } from '../context';
import { previewBulk } from '../broker-research/requests-bulk';
import { refuseFields } from '../http/replies';
import type { Route } from '../routes';
import { BadCursor } from '../db/keyset';
import { defineRoute } from '../routes';

const list = defineRoute({
  method: 'POST',
  path: REQUEST_PATHS.list,
  access: 'br_research',
  schema: ListRequestsForm,
  summary:
    'Requests newest first, filtered by status, broker, org, user and from/to (YYYY-MM-DD), in keyset pages (cursor, page_size); the total counted to 1,000.',
  async handler({ c, deps, input }) {
    try {
      const page = await listRequests(deps.db, { ...input, pageSize: input.page_size });
      return c.json({ status: true, ...page } satisfies ListRequestsReply);
    } catch (err) {
      if (err instanceof BadCursor) return refuseFields(c, err.message, { cursor: err.message });
      throw err;
    }
  },
});

const one = defineRoute({
  method: 'GET',
  path: REQUEST_PATHS.one,
  access: 'br_research',
  schema: OneRequestQuery,
  summary:
    'One request (?id=) with its history (the audit rows naming it, oldest first) and the fulfillment its approval created.',
  async handler({ c, deps, input }) {
    const found = await oneRequest(deps.db, input.id);
    if (!found) return c.json({ status: false, msg: 'This request no longer exists.' }, 404);
    return c.json({ status: true, ...found } satisfies OneRequestReply);
  },
});

/** Applies the form's action and reason to the requests seen, in one transaction, as the session's person. */
function applyFormAction(
  db: AppDeps['db'],
  session: CurrentSession,
  now: number,
  form: Pick<ActionInput, 'action' | 'reason'>,
  requests: ActionInput['requests'],
  bulk: boolean,
) {
  return applyRequestAction(db, {
    action: form.action,
    requests,
    reason: form.reason,
    author: session.user.username,
    now,
    bulk,
  });
}

const action = defineRoute({
  method: 'POST',
  path: REQUEST_PATHS.action,
  access: 'br_research',
  schema: RequestActionForm,
  summary:
    'Approves (creating the fulfillment), rejects (reason) or sends to the broker one request from the version seen; 409 when it moved or the user already holds an active fulfillment.',
  async handler({ c, deps, input, now, session }) {
    const seen = [{ id: input.id, version: input.version }];
    const outcome = await applyFormAction(deps.db, session, now, input, seen, false);
    const [request = null] = await requestRowsByIds(deps.db, [input.id]);
    const refused = outcome.notChanged[0];
    if (refused) {
      if (refused.why === 'missing') return c.json({ status: false, msg: refused.msg }, 404);
      return c.json(
        { status: false, msg: refused.msg, conflict: refused, request } satisfies RequestConflictReply,
        409,
      );
    }
    return c.json({
      status: true,
      msg: requestDoneWords(input.action, input.id),
      request: request!,
      fulfillment_id: outcome.fulfillments.get(input.id) ?? null,
    } satisfies RequestActionReply);
  },
});

const bulkPreview = defineRoute({
  method: 'POST',
  path: REQUEST_PATHS.bulkPreview,
  access: 'br_research',
  schema: BulkPreviewForm,
  summary:
    'What a bulk action would take: the chosen requests (with versions seen) or the newest 1,000 matching the filters, and how many each action applies to.',
  async handler({ c, deps, input }) {
    return c.json({ status: true, ...(await previewBulk(deps.db, input.selection)) } satisfies BulkPreviewReply);
  },
});

const bulk = defineRoute({
  method: 'POST',
  path: REQUEST_PATHS.bulk,
  bulk: 'research_requests',
  access: 'br_research',
  schema: BulkActionForm,
  summary:
    'One action on up to 1,000 requests (JSON list of id and version seen) in one transaction; each request not changed is reported with why.',
  async handler({ c, deps, input, now, session }) {
    const outcome = await applyFormAction(deps.db, session, now, input, input.requests, true);
    const notChanged = outcome.notChanged.sort((a, b) => a.id - b.id);
    return c.json({
      status: true,
      msg: bulkOutcomeWords(input.action, outcome.changed.length, notChanged.length),
      changed: outcome.changed.length,
      not_changed: notChanged,
    } satisfies BulkActionReply);
  },
});

export const researchRequestsRoutes: readonly Route[] = [list, one, action, bulkPreview, bulk];
