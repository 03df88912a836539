// Owner calls of spec §7: the owner group every owner select offers (create, edit, and the sections
// to come). Replies are parsed by their src/domain schema.
import * as v from 'valibot';
import { productNames } from '../domain/product';
import { OwnerGroupReply } from '../domain/users';
import { http, toFormData } from './http';

/** The staff who may own a user, as the owner select offers them. Needs user_mgmt. */
export async function fetchOwnerGroup(product: string): Promise<OwnerGroupReply['result']> {
  const reply = await http(`/user/get_${productNames(product).key}_owner_group/`, {
    method: 'POST',
    body: toFormData({}),
  });
  return v.parse(OwnerGroupReply, reply).result;
}
