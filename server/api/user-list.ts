// The user list (spec §2 user area, §7 user/search_user/) and its export (decision 021).
import { ExportUsersForm, SearchUsersForm, type SearchUsersReply, type UserFilter } from '../../src/domain/users';
import { writeAudit } from '../audit';
import { badRequest, forbidden } from '../http/replies';
import { defineRoute } from '../routes';
import type { CurrentSession } from '../context';
import { EXPORT_CONTENT_TYPES, exportFilename, exportStream } from '../users/export';
import { BadCursor, lastPage } from '../db/keyset';
import {
  countUsers,
  decodeCursor,
  encodeCursor,
  filterNeedsDeletedUser,
  lastPosition,
  readSize,
  type Position,
} from '../users/search';
import { readSearchPage } from '../users/search-kinds';
import { permissionName } from '../../src/domain/feature-labels';

export const DELETED_REFUSAL = `Listing deleted users needs the ${permissionName('deleted_user')} permission.`;

function mayFilter(session: CurrentSession, filter: UserFilter): boolean {
  return !filterNeedsDeletedUser(filter) || session.grants.features.includes('deleted_user');
}

const filterOf = (input: UserFilter): UserFilter => ({
  q: input.q,
  user_type: input.user_type,
  user_category: input.user_category,
  organization_id: input.organization_id,
  active: input.active,
  deleted: input.deleted,
});

const searchUsers = defineRoute({
  method: 'POST',
  path: '/user/search_user/',
  access: 'user_mgmt',
  schema: SearchUsersForm,
  summary: 'One page of users matching the search text and filters, in the order asked, with the total.',
  async handler({ c, deps, input, session }) {
    const filter = filterOf(input);
    if (!mayFilter(session, filter)) return forbidden(c, DELETED_REFUSAL);
    const order = { sort: input.sort, dir: input.dir };
    let at: Position | null = null;
    if (input.cursor !== '') {
      try {
        at = decodeCursor(input.cursor, filter, order);
      } catch (err) {
        if (err instanceof BadCursor) return badRequest(c, err.message, { cursor: [err.message] });
        throw err;
      }
    }
    const size = readSize(input.page_size, at);
    const page = await readSearchPage(deps.db, filter, order, size, at, { withTotal: input.with_total });
    // The last page, where the total is exact: the rows the full pages leave, read from the end.
    const exact = page.total !== null && !page.totalCapped && page.total > 0;
    const last = exact ? lastPage(page.total!, input.page_size) : null;
    const reply: SearchUsersReply = {
      status: true,
      userItems: page.rows,
      count: page.rows.length,
      total_users: page.total,
      ...(page.total === null ? {} : { total_capped: page.totalCapped ?? false }),
      next_cursor: page.next && encodeCursor(filter, order, page.next),
      prev_cursor: page.prev && encodeCursor(filter, order, page.prev),
      ...(last && { last_cursor: encodeCursor(filter, order, lastPosition(last.rows)), last_page: last.index + 1 }),
    };
    return c.json(reply);
  },
});

const exportUsers = defineRoute({
  method: 'POST',
  path: '/user/export_users/',
  access: 'export_csv_access',
  schema: ExportUsersForm,
  summary: 'Every user matching the filters, in the list order, as a CSV or XLSX download.',
  async handler({ c, deps, now, input, session }) {
    const filter = filterOf(input);
    if (!mayFilter(session, filter)) return forbidden(c, DELETED_REFUSAL);
    const order = { sort: input.sort, dir: input.dir };
    // The entry is written before the first byte leaves: an export cut short by a dropped
    // connection or a crash has still shown its rows to someone, and that is what the log is
    // for. N is the exact count when the export starts.
    const matched = await countUsers(deps.db, filter);
    await writeAudit(deps.db, {
      category: 'user',
      author: session.user.username,
      action: `exported ${matched} users`,
      at: now,
      success: true,
      current: { format: input.format, filter, sort: order.sort, dir: order.dir, matched },
    });
    const filename = exportFilename(input.format, now);
    return new Response(exportStream(deps.db, filter, order, input.format, { matching: matched }), {
      headers: {
        'Content-Type': EXPORT_CONTENT_TYPES[input.format],
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
        // The page says how many rows arrived (services/http.ts EXPORT_ROWS_HEADER).
        'X-Export-Rows': String(matched),
      },
    });
  },
});

export const userListRoutes = [searchUsers, exportUsers];
