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

/** The organisation with this id (an address naming it), or null when there is none. */
export async function fetchOrganization(id: number): Promise<Organization | null> {
  const reply = v.parse(
    OrgSearchReply,
    await http(`/user/get_user_organization/?${new URLSearchParams({ id: String(id) })}`),
  );
  return reply.result[0] ?? null;
}
