// The FulFillments calls (spec §7 user/get_fulfillment_info/, user/export_br_fulfill_info/;
// decision 058), ending one, and the brokers of the broker filter (GET api/broker/).
import * as v from 'valibot';
import { EndFulfillmentReply, FulfillmentListReply } from '../../../domain/broker-research-fulfillments';
import { brokerReplies, type Broker } from '../../../domain/brokers';
import { http, toFormData } from '../../../services/http';

export type FulfillmentFilterFields = Record<
  'status' | 'source' | 'broker_id' | 'organization_id' | 'user_id' | 'from' | 'to',
  string
>;

export async function listFulfillments(
  fields: FulfillmentFilterFields & { cursor: string; with_total: boolean },
): Promise<FulfillmentListReply> {
  const body = toFormData({ ...fields, with_total: String(fields.with_total) });
  return v.parse(FulfillmentListReply, await http('/user/get_fulfillment_info/', { method: 'POST', body }));
}

export async function endFulfillment(id: number, version: number, reason: string): Promise<EndFulfillmentReply> {
  const body = toFormData({ id: String(id), version: String(version), reason });
  return v.parse(EndFulfillmentReply, await http('/user/end_br_fulfillment/', { method: 'POST', body }));
}

/** Every broker by name, for the broker filter. */
export async function fetchBrokerCatalogue(product: string): Promise<Broker[]> {
  return v.parse(brokerReplies(product).BrokerListReply, await http('/api/broker/')).brokers;
}

export const FULFILLMENT_EXPORT_PATH = '/user/export_br_fulfill_info/';
