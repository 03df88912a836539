// The user list's calls (spec §7 user/search_user/, user/export_users/). List rows carry no
// owner field, so the {product}_owner renaming has nothing to do here.
import * as v from 'valibot';
import { SearchUsersReply, type ExportUsersForm, type SearchUsersForm } from '../../domain/users';
import { http, toFormData } from '../../services/http';

export type SearchUsersFields = v.InferInput<typeof SearchUsersForm>;
export type ExportUsersFields = v.InferInput<typeof ExportUsersForm>;

const asText = (fields: Record<string, string | number | boolean | undefined>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([k, value]) => [k, String(value)]),
  );

export async function searchUsers(fields: SearchUsersFields): Promise<SearchUsersReply> {
  return v.parse(
    SearchUsersReply,
    await http('/user/search_user/', { method: 'POST', body: toFormData(asText(fields)) }),
  );
}

export const EXPORT_PATH = '/user/export_users/';
