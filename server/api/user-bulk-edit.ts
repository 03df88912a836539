// Bulk edit of the user area (spec §7 "Groups, roles, users", §4, §8; decision 024): the CSV of
// identifiers, the preview, and the edit itself. A refusal the person can act on is status 0 with
// a sentence in `data` (the panel shows it as an alert); malformed input is a 400.
import { CSV_UPLOAD_MAX_ROWS, csvFileProblem, readIdentifierCsv } from '../../src/domain/csv-upload';
import {
  BulkEditForm,
  UploadBulkEditForm,
  type BulkApplyReply,
  type BulkPreviewReply,
  type UploadBulkEditReply,
} from '../../src/domain/users';
import { jsonStream } from '../http/json-stream';
import { badRequest } from '../http/replies';
import type { CurrentSession } from '../context';
import { editorOf } from '../roles/held-keys';
import { defineRoute } from '../routes';
import { BulkApplyForm, BulkOutcomeForm } from '../../src/domain/bulk-edit';
import { applyBulkEdit, bulkEditOutcome, previewBulkEdit, type BulkRequest } from '../users/bulk-edit';
import { resolveCsvIdentifiers, resolveIdentifiers } from '../users/selection';

/** Identifiers one upload may hold, as many as one bulk edit may change. */
const MAX_IDENTIFIERS = CSV_UPLOAD_MAX_ROWS;

const upload = defineRoute({
  method: 'POST',
  path: '/user/upload_bulk_edit_data/',
  access: 'bulk_edit_upload',
  schema: UploadBulkEditForm,
  summary:
    'Matches a CSV (one column of emails, usernames or user ids) or a JSON list of identifiers to live users, with a report per refused row.',
  async handler({ c, deps, input }) {
    if (input.file) {
      // A file that is no text CSV is refused whole (400, the reason under `file`); a text file is
      // read row by row, each row not taken reported with its number (src/domain/csv-upload.ts).
      const refused = (reason: string) => badRequest(c, reason, { file: [reason] });
      const problem = csvFileProblem(input.file);
      if (problem) return refused(problem);
      const read = readIdentifierCsv(new Uint8Array(await input.file.arrayBuffer()), { maxRows: MAX_IDENTIFIERS });
      if (!read.ok) return refused(read.reason);
      const { matched, unmatched, report } = await resolveCsvIdentifiers(deps.db, read);
      const reply: UploadBulkEditReply = {
        status: true,
        data: {
          validDataPoints: matched,
          inValidDataPoints: unmatched,
          rows: read.identifiers.length + read.problems.length,
          header: read.header,
          report,
        },
      };
      // A line per identifier matched: up to 100,000 (decision 107).
      return jsonStream(c, reply);
    }
    if (!input.identifiers) {
      return badRequest(c, 'Send a CSV file (file) or a JSON list of identifiers (identifiers).', {
        file: ['Choose a CSV file.'],
      });
    }
    const { matched, unmatched } = await resolveIdentifiers(deps.db, input.identifiers);
    const reply: UploadBulkEditReply = {
      status: true,
      data: { validDataPoints: matched, inValidDataPoints: unmatched, rows: 0, header: null, report: [] },
    };
    return jsonStream(c, reply);
  },
});

function request(input: BulkEditForm, product: string, session: CurrentSession, now: number): BulkRequest {
  return {
    selection: input.selection,
    changes: input.changes,
    product,
    now,
    actor: editorOf(session),
  };
}

const preview = defineRoute({
  method: 'POST',
  path: '/user/bulk_edit_user_new/',
  access: 'bulk_edit_user',
  schema: BulkEditForm,
  summary:
    'What a bulk edit would change: matched, changing and unchanged users, unmatched identifiers, a sample. Writes nothing.',
  async handler({ c, deps, now, input, session }) {
    const result = await previewBulkEdit(deps.db, request(input, deps.config.productKey, session, now));
    const reply: BulkPreviewReply = result.ok
      ? {
          status: 1,
          data: {
            matched: result.matched,
            changing: result.changing,
            unchanged: result.unchanged,
            refused: result.refused,
            unmatched: result.unmatched,
            sample: result.sample,
          },
        }
      : { status: 0, data: result.reason };
    return c.json(reply);
  },
});

const apply = defineRoute({
  method: 'POST',
  path: '/user/bulk_edit_user/',
  bulk: 'user_bulk_edit',
  access: 'bulk_edit_user',
  schema: BulkApplyForm,
  changesGrants: true,
  summary:
    'Applies a bulk edit in one transaction and answers a result per user; with operation_id, keeps the outcome under it and never applies one id twice.',
  async handler({ c, deps, now, input, session }) {
    const result = await applyBulkEdit(
      deps.db,
      request(input, deps.config.productKey, session, now),
      input.operation_id,
    );
    const reply: BulkApplyReply = result.ok
      ? {
          status: 1,
          data: {
            updated: result.updated,
            unchanged: result.unchanged,
            refused: result.refused,
            unmatched: result.unmatched,
            results: result.results,
          },
        }
      : { status: 0, data: result.reason };
    // A line per user: up to 100,000 of them, written a slice at a time (decision 107).
    return jsonStream(c, reply);
  },
});

const outcome = defineRoute({
  method: 'POST',
  path: '/user/bulk_edit_outcome/',
  access: 'bulk_edit_user',
  schema: BulkOutcomeForm,
  summary:
    'What became of the bulk edit this staff member applied under operation_id: applied (with its report) or unknown (nothing was changed); one being applied here is waited for.',
  async handler({ c, deps, input, session }) {
    // BulkOutcomeReply, the report placed as it was stored (up to a line per user of 100,000).
    return jsonStream(c, { status: 1, data: await bulkEditOutcome(deps.db, input.operation_id, session.user.id) });
  },
});

export const userBulkEditRoutes = [upload, preview, apply, outcome];
