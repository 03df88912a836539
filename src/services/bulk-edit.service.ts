// The bulk edit calls of spec §7 (upload_bulk_edit_data/, bulk_edit_user_new/, bulk_edit_user/),
// and saving the per-user report the browser builds as a file.
import * as v from 'valibot';
import { BulkApplyReply, BulkPreviewReply, UploadBulkEditReply, type BulkSelection } from '../domain/users';
import { http, toFormData } from './http';

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

/** Applies the edit in one transaction; a result per user. */
export async function applyBulkEdit(r: BulkEditRequest): Promise<BulkApplyReply> {
  return v.parse(BulkApplyReply, await http('/user/bulk_edit_user/', { method: 'POST', body: bulkForm(r) }));
}
