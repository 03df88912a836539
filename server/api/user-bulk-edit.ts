// Bulk edit of the user area (spec §7 "Groups, roles, users", §4, §8; decision 024): the CSV of
// identifiers, the preview, and the edit itself. A refusal the person can act on is status 0 with
// a sentence in `data` (the panel shows it as an alert); malformed input is a 400.
import { BulkEditForm, UploadBulkEditForm, type BulkApplyReply, type BulkPreviewReply, type UploadBulkEditReply } from '../../src/domain/users';
import { badRequest } from '../http/replies';
import { defineRoute } from '../routes';
import { BulkApplyForm, BulkOutcomeForm, type BulkOutcomeReply } from '../../src/domain/bulk-edit';
import { applyBulkEdit, bulkEditOutcome, previewBulkEdit, type BulkRequest } from '../users/bulk-edit';
import { identifiersFromCsv, resolveIdentifiers } from '../users/selection';

/** Identifiers one upload may hold, as many as one bulk edit may change. */
const MAX_IDENTIFIERS = 100_000;

const upload = defineRoute({
  method: 'POST', path: '/user/upload_bulk_edit_data/', access: 'bulk_edit_upload', schema: UploadBulkEditForm,
  summary: 'Matches a CSV (one column of emails, usernames or user ids) or a JSON list of identifiers to live users.',
  async handler({ c, deps, input }) {
    let identifiers: string[];
    let rejected: string[] = [];
    if (input.file) {
      ({ identifiers, rejected } = identifiersFromCsv(await input.file.text()));
    } else if (input.identifiers) {
      identifiers = input.identifiers;
    } else {
      return badRequest(c, 'Send a CSV file (file) or a JSON list of identifiers (identifiers).', { file: ['Choose a CSV file.'] });
    }
    if (identifiers.length > MAX_IDENTIFIERS) {
      return badRequest(c, `The file holds ${identifiers.length.toLocaleString('en-US')} identifiers; send at most ${MAX_IDENTIFIERS.toLocaleString('en-US')}.`, { file: ['Too many identifiers.'] });
    }
    const { matched, unmatched } = await resolveIdentifiers(deps.db, identifiers);
    const reply: UploadBulkEditReply = { status: true, data: { validDataPoints: matched, inValidDataPoints: [...unmatched, ...rejected] } };
    return c.json(reply);
  },
});

function request(input: BulkEditForm, product: string, session: { user: { id: number; username: string }; grants: { features: readonly string[] } }, now: number): BulkRequest {
  return {
    selection: input.selection, changes: input.changes, product, now,
    actor: { userId: session.user.id, username: session.user.username, features: session.grants.features },
  };
}

const preview = defineRoute({
  method: 'POST', path: '/user/bulk_edit_user_new/', access: 'bulk_edit_user', schema: BulkEditForm,
  summary: 'What a bulk edit would change: matched, changing and unchanged users, unmatched identifiers, a sample. Writes nothing.',
  async handler({ c, deps, now, input, session }) {
    const result = await previewBulkEdit(deps.db, request(input, deps.config.productKey, session, now));
    const reply: BulkPreviewReply = result.ok
      ? { status: 1, data: { matched: result.matched, changing: result.changing, unchanged: result.unchanged, unmatched: result.unmatched, sample: result.sample } }
      : { status: 0, data: result.reason };
    return c.json(reply);
  },
});

const apply = defineRoute({
  method: 'POST', path: '/user/bulk_edit_user/', access: 'bulk_edit_user', schema: BulkApplyForm,
  summary: 'Applies a bulk edit in one transaction and answers a result per user; with operation_id, keeps the outcome under it and never applies one id twice.',
  async handler({ c, deps, now, input, session }) {
    const result = await applyBulkEdit(deps.db, request(input, deps.config.productKey, session, now), input.operation_id);
    const reply: BulkApplyReply = result.ok
      ? { status: 1, data: { updated: result.updated, unchanged: result.unchanged, unmatched: result.unmatched, results: result.results } }
      : { status: 0, data: result.reason };
    return c.json(reply);
  },
});

const outcome = defineRoute({
  method: 'POST', path: '/user/bulk_edit_outcome/', access: 'bulk_edit_user', schema: BulkOutcomeForm,
  summary: 'What became of the bulk edit this staff member applied under operation_id: applied (with its report) or unknown (nothing was changed); one being applied here is waited for.',
  async handler({ c, deps, input, session }) {
    const reply: BulkOutcomeReply = { status: 1, data: await bulkEditOutcome(deps.db, input.operation_id, session.user.id) };
    return c.json(reply);
  },
});

export const userBulkEditRoutes = [upload, preview, apply, outcome];
