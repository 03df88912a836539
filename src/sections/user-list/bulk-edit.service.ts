// The bulk edit calls of spec §7 (upload_bulk_edit_data/, bulk_edit_user_new/, bulk_edit_user/),
// the outcome of an edit by its operation id (bulk_edit_outcome/), and where the id of an edit
// awaiting its outcome is kept: this tab's sessionStorage, so a reload still knows it.
import * as v from 'valibot';
import { BulkOutcomeReply } from '../../domain/bulk-edit';
import { BulkApplyReply, BulkPreviewReply, UploadBulkEditReply, type BulkSelection } from '../../domain/users';
import { http, toFormData } from '../../services/http';

/** A CSV of emails, usernames or user ids, one a line; the server says which matched. */
export async function uploadBulkEditFile(file: File): Promise<UploadBulkEditReply> {
  const body = new FormData();
  body.append('file', file, file.name);
  return v.parse(UploadBulkEditReply, await http('/user/upload_bulk_edit_data/', { method: 'POST', body }));
}

export interface BulkEditRequest {
  selection: BulkSelection;
  /** Wire key → value (bool, MM-dd-yyyy or one option). */
  changes: Record<string, boolean | string>;
}

function bulkForm(r: BulkEditRequest): FormData {
  return toFormData({ selection: JSON.stringify(r.selection), changes: JSON.stringify(r.changes) });
}

/** What applying would do; writes nothing. */
export async function previewBulkEdit(r: BulkEditRequest): Promise<BulkPreviewReply> {
  return v.parse(BulkPreviewReply, await http('/user/bulk_edit_user_new/', { method: 'POST', body: bulkForm(r) }));
}

/** Applies the edit in one transaction, its outcome kept under `operationId`; a result per user. */
export async function applyBulkEdit(r: BulkEditRequest & { operationId: string }): Promise<BulkApplyReply> {
  const body = bulkForm(r);
  body.append('operation_id', r.operationId);
  return v.parse(BulkApplyReply, await http('/user/bulk_edit_user/', { method: 'POST', body }));
}

/** What became of the edit sent under `operationId`: applied (with its report) or unknown. */
export async function bulkEditOutcome(operationId: string): Promise<BulkOutcomeReply> {
  return v.parse(
    BulkOutcomeReply,
    await http('/user/bulk_edit_outcome/', { method: 'POST', body: toFormData({ operation_id: operationId }) }),
  );
}

const PENDING_KEY = 'staff-console.bulk-edit.operation';

/** The id of an edit whose outcome this tab has not learnt yet, if any. */
export function pendingBulkOperation(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

export function rememberBulkOperation(operationId: string | null): void {
  try {
    if (operationId) sessionStorage.setItem(PENDING_KEY, operationId);
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage refused (private mode, quota): the outcome is still asked for while the page lives.
  }
}
