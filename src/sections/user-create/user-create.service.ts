// The create screen's calls (spec §7): what step one offers (owners, settings), the username check
// of step two, and register/. Every reply is parsed by its src/domain schema. The owner travels as
// the wire names it (`{product}_owner`, ownerToWire).
import * as v from 'valibot';
import { ownerToWire } from '../../domain/product';
import {
  ProductSettingsReply,
  RegisterReply,
  UsernameCheckReply,
  type CreateChoices,
  type RegisterRequest,
} from '../../domain/users';
import { http, toFormData } from '../../services/http';
import { fetchOwnerGroup } from '../../services/owners.service';

const post = (path: string, fields: Record<string, string | undefined> = {}) =>
  http(path, { method: 'POST', body: toFormData(fields) });

export async function loadCreateChoices(product: string): Promise<CreateChoices> {
  const [owners, settings] = await Promise.all([
    fetchOwnerGroup(product),
    post('/user/get_product_settings/').then((r) => v.parse(ProductSettingsReply, r)),
  ]);
  const s = settings.data;
  return {
    owners,
    userTypes: s.user_types,
    categories: s.user_categories,
    configurations: s.product_configurations,
    dataPlanItems: s.data_plan_items,
    startupScreens: s.startup_screens,
  };
}

export async function checkUsername(username: string): Promise<UsernameCheckReply> {
  return v.parse(UsernameCheckReply, await post('/user/get_valid_username/', { username }));
}

export async function registerUsers(product: string, request: RegisterRequest): Promise<RegisterReply> {
  const fields = ownerToWire(product, {
    organization_id: String(request.organization_id),
    user_type: request.user_type,
    user_category: request.user_category,
    owner: request.owner,
    product_configuration: request.product_configuration,
    data_plan: JSON.stringify(request.data_plan),
    expiry_dt: request.expiry_dt,
    startup_screen: request.startup_screen,
    flags: JSON.stringify(request.flags),
    send_email: String(request.send_email),
    users: JSON.stringify(request.users),
  }) as Record<string, string>;
  return v.parse(RegisterReply, await post('/user/register/', fields));
}
