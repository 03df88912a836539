// The Restrict Broker calls of spec §7 "Broker research". Replies are parsed by the schemas of
// src/domain/brokers.ts for the product key, which names the brokers' id field on the wire.
import * as v from 'valibot';
import {
  brokerReplies,
  EntityListReply,
  type ActionOutcome,
  type BrokerAction,
  type BrokerFlags,
  type BrokerLists,
} from '../../domain/brokers';
import { http, toFormData } from '../../services/http';

/** The users of the organization with this CRM account id, by name. */
export async function fetchOrganizationUsers(sfAccId: string): Promise<EntityListReply> {
  const body = toFormData({ sf_acc_ids: JSON.stringify([sfAccId]), origin: 'restrict_broker' });
  return v.parse(EntityListReply, await http('/api/account/get_entity_list/', { method: 'POST', body }));
}

export async function fetchMyBrokers(
  product: string,
  email: string,
): Promise<{ lists: BrokerLists; flags: BrokerFlags }> {
  const reply = v.parse(
    brokerReplies(product).MyBrokerReply,
    await http(`/api/mybroker/?${new URLSearchParams({ email })}`),
  );
  return {
    lists: { my: reply.my_brokers, requested: reply.req_brokers },
    flags: { auto_brm_update: reply.auto_brm_update, freeze: reply.freeze },
  };
}

export async function saveBrokerFlags(
  product: string,
  email: string,
  flags: Partial<BrokerFlags>,
): Promise<BrokerFlags & { msg: string }> {
  const body = toFormData({ email, flags: JSON.stringify(flags) });
  const reply = v.parse(brokerReplies(product).FlagsReply, await http('/api/mybroker/', { method: 'PUT', body }));
  return { auto_brm_update: reply.auto_brm_update, freeze: reply.freeze, msg: reply.msg };
}

export async function runBrokerAction(
  product: string,
  email: string,
  action: BrokerAction,
  brokers: readonly number[],
  oneClick: boolean,
): Promise<ActionOutcome> {
  const body = toFormData({ email, action, brokers: JSON.stringify(brokers), one_click: String(oneClick) });
  return v.parse(brokerReplies(product).ActionReply, await http('/api/mybroker/', { method: 'POST', body }));
}
