// The user list's calls (spec §7 user/search_user/, user/export_users/). List rows carry no
// owner field, so the {product}_owner renaming has nothing to do here.
import * as v from 'valibot';
import { CSRF_FIELD } from '../domain/constants';
import { SearchUsersReply, type ExportUsersForm, type SearchUsersForm } from '../domain/users';
import { http, readCsrfToken, toFormData } from './http';

export type SearchUsersFields = v.InferInput<typeof SearchUsersForm>;
export type ExportUsersFields = v.InferInput<typeof ExportUsersForm>;

const asText = (fields: Record<string, string | number | boolean | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined).map(([k, value]) => [k, String(value)]));

export async function searchUsers(fields: SearchUsersFields): Promise<SearchUsersReply> {
  return v.parse(SearchUsersReply, await http('/user/search_user/', { method: 'POST', body: toFormData(asText(fields)) }));
}

export const EXPORT_PATH = '/user/export_users/';

/**
 * The export as a plain form post: the browser streams the attachment to disk itself, however
 * large, and the page stays where it is. The CSRF token travels in the form field, as Django's
 * forms carry it.
 */
export function downloadExport(fields: ExportUsersFields, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = EXPORT_PATH;
  form.hidden = true;
  for (const [name, value] of Object.entries({ ...asText(fields), [CSRF_FIELD]: readCsrfToken() ?? '' })) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  form.remove();
}
