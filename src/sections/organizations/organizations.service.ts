// Organisation calls of spec §7: the picker's search. Replies are parsed by their src/domain schema.
import * as v from 'valibot';
import { OrgSearchReply, type Organization } from '../../domain/users';
import { http, toFormData } from '../../services/http';

/** Organisations whose name (or a word of it) starts with `query`, best matches first. */
export async function searchOrganizations(query: string): Promise<Organization[]> {
  const reply = v.parse(
    OrgSearchReply,
    await http('/user/get_user_organization/', { method: 'POST', body: toFormData({ query }) }),
  );
  return reply.result;
}
