// Broker Research, FulFillments (spec §7 user/get_fulfillment_info/, user/export_br_fulfill_info/;
// decision 058): the list of fulfillments, its download, and ending one with a reason.
import {
  EndFulfillmentForm,
  FULFILLMENT_MESSAGES,
  FulfillmentExportForm,
  FulfillmentListForm,
  type EndFulfillmentConflict,
  type EndFulfillmentReply,
  type FulfillmentFilter,
  type FulfillmentListReply,
} from '../../src/domain/broker-research-fulfillments';
import { BR_AUDIT_CATEGORY } from '../../src/domain/broker-research';
import { writeAudit } from '../audit';
import { fulfillmentExportFilename, fulfillmentExportStream } from '../broker-research/fulfillments-export';
import { countAll, endFulfillment, listFulfillments } from '../broker-research/fulfillments';
import { BadCursor } from '../db/keyset';
import { EXPORT_CONTENT_TYPES } from '../export/spreadsheet';
import { badRequest, stale } from '../http/replies';
import { defineRoute, type Route } from '../routes';

const filterOf = (input: FulfillmentFilter): FulfillmentFilter => ({
  status: input.status,
  source: input.source,
  broker_id: input.broker_id,
  organization_id: input.organization_id,
  user_id: input.user_id,
  from: input.from,
  to: input.to,
});

const getFulfillmentInfo = defineRoute({
  method: 'POST',
  path: '/user/get_fulfillment_info/',
  access: 'br_research',
  schema: FulfillmentListForm,
  summary:
    'One page of fulfillments, newest first, filtered by status, source, broker, organization, user and the days recorded, with the count.',
  async handler({ c, deps, input }) {
    try {
      const page = await listFulfillments(deps.db, {
        filter: filterOf(input),
        cursor: input.cursor,
        pageSize: input.page_size,
        withTotal: input.with_total,
      });
      const reply: FulfillmentListReply = { status: true, ...page };
      return c.json(reply);
    } catch (err) {
      if (err instanceof BadCursor) return badRequest(c, err.message, { cursor: [err.message] });
      throw err;
    }
  },
});

const exportFulfillInfo = defineRoute({
  method: 'POST',
  path: '/user/export_br_fulfill_info/',
  access: 'br_research',
  schema: FulfillmentExportForm,
  summary: 'Every fulfillment matching the filters, in the list order, as a CSV or XLSX download.',
  async handler({ deps, now, input, session }) {
    const filter = filterOf(input);
    // The entry is written before the first byte leaves: an export cut short has still shown its rows.
    const matched = await countAll(deps.db, filter);
    await writeAudit(deps.db, {
      category: BR_AUDIT_CATEGORY,
      author: session.user.username,
      action: `exported ${matched} fulfillments`,
      at: now,
      success: true,
      current: { format: input.format, filter, matched },
    });
    return new Response(fulfillmentExportStream(deps.db, filter, input.format), {
      headers: {
        'Content-Type': EXPORT_CONTENT_TYPES[input.format],
        'Content-Disposition': `attachment; filename="${fulfillmentExportFilename(input.format, now)}"`,
        'Cache-Control': 'no-store',
        // The page says how many rows arrived (services/http.ts EXPORT_ROWS_HEADER).
        'X-Export-Rows': String(matched),
      },
    });
  },
});

const endBrFulfillment = defineRoute({
  method: 'POST',
  path: '/user/end_br_fulfillment/',
  access: 'br_research',
  schema: EndFulfillmentForm,
  summary:
    'Ends an active fulfillment with a reason, from the version the person saw (ended or changed meanwhile: 409 with the row now).',
  async handler({ c, deps, now, input, session }) {
    const result = await endFulfillment(deps.db, input, session.user.username, now);
    if (result.kind === 'gone') return c.json({ status: false, msg: FULFILLMENT_MESSAGES.gone }, 404);
    if (result.kind === 'conflict') {
      return stale<EndFulfillmentConflict>(c, result.msg, { fulfillment: result.row }, false);
    }
    const reply: EndFulfillmentReply = { status: true, msg: FULFILLMENT_MESSAGES.ended, fulfillment: result.row };
    return c.json(reply);
  },
});

export const researchFulfillmentsRoutes: readonly Route[] = [getFulfillmentInfo, exportFulfillInfo, endBrFulfillment];
