// The create screen's calls (spec §7): what step one offers (owners, settings), the username check
// of step two, and register/; the edit screen's owner select uses the same owner group call. Every
// reply is parsed by its src/domain schema. The owner travels as the wire names it
// (`{product}_owner`, ownerToWire).
import * as v from 'valibot';
import { ownerToWire, productNames } from '../domain/product';
import {
  OutboxReply, OwnerGroupReply, ProductSettingsReply, RegisterReply, UsernameCheckReply, type CreateChoices, type OutboxMessage, type RegisterRequest,
} from '../domain/users';
import { http, toFormData } from './http';

const post = (path: string, fields: Record<string, string | undefined> = {}) => http(path, { method: 'POST', body: toFormData(fields) });

/** The staff who may own a user, as the owner select offers them (create and edit). Needs user_mgmt. */
export async function fetchOwnerGroup(product: string): Promise<OwnerGroupReply['result']> {
  return v.parse(OwnerGroupReply, await post(`/user/get_${productNames(product).key}_owner_group/`)).result;
}

export async function loadCreateChoices(product: string): Promise<CreateChoices> {
  const [owners, settings] = await Promise.all([
    fetchOwnerGroup(product),
    post('/user/get_product_settings/').then((r) => v.parse(ProductSettingsReply, r)),
  ]);
  const s = settings.data;
  return {
    owners, userTypes: s.user_types, categories: s.user_categories, configurations: s.product_configurations,
    dataPlanItems: s.data_plan_items, startupScreens: s.startup_screens,
  };
}

export async function checkUsername(username: string): Promise<UsernameCheckReply> {
  return v.parse(UsernameCheckReply, await post('/user/get_valid_username/', { username }));
}

export async function registerUsers(product: string, request: RegisterRequest): Promise<RegisterReply> {
  const fields = ownerToWire(product, {
    organization_id: String(request.organization_id), user_type: request.user_type, user_category: request.user_category,
    owner: request.owner, product_configuration: request.product_configuration, data_plan: JSON.stringify(request.data_plan),
    expiry_dt: request.expiry_dt, startup_screen: request.startup_screen, flags: JSON.stringify(request.flags),
    send_email: String(request.send_email), users: JSON.stringify(request.users),
  }) as Record<string, string>;
  return v.parse(RegisterReply, await post('/user/register/', fields));
}

/** The newest outbox messages (at most 200), or one user's. */
export async function fetchOutbox(userId?: number): Promise<OutboxMessage[]> {
  const query = userId === undefined ? '' : `?user_id=${userId}`;
  return v.parse(OutboxReply, await http(`/user/fetch_outbox/${query}`)).data;
}
