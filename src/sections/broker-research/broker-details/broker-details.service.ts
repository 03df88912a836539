// Broker Details calls (decision 059): plain functions, every reply parsed by its src/domain schema.
// A change from a stale version answers 409, read by shape (staleBrokerOf); a refusal is a
// FieldRefusalError naming its fields.
import * as v from 'valibot';
import {
  BrokerDetailsReply,
  BrokerPageReply,
  BROKER_PAGE_SIZE,
  type BrokerChange,
} from '../../../domain/broker-research-brokers';
import { http, toFormData } from '../../../services/http';

export async function fetchBrokerDetails(broker: number): Promise<BrokerDetailsReply> {
  return v.parse(BrokerDetailsReply, await http(`/api/broker/details/?broker=${broker}`));
}

/** A page of brokers by name: q searches the names, pb keeps one broker group, cursor continues. */
export async function fetchBrokerPage(query: {
  q: string;
  pb?: string;
  cursor?: string;
  limit?: number;
}): Promise<BrokerPageReply> {
  const params = new URLSearchParams({ q: query.q, limit: String(query.limit ?? BROKER_PAGE_SIZE) });
  if (query.pb) params.set('pb', query.pb);
  if (query.cursor) params.set('cursor', query.cursor);
  return v.parse(BrokerPageReply, await http(`/api/broker/list/?${params.toString()}`));
}

const CALLS: Record<BrokerChange['kind'], { method: 'POST' | 'PUT' | 'DELETE'; path: string }> = {
  mifid: { method: 'PUT', path: '/api/broker/mifid/' },
  'contact.add': { method: 'POST', path: '/api/broker/brokersales/' },
  'contact.edit': { method: 'PUT', path: '/api/broker/brokersales/' },
  'contact.remove': { method: 'DELETE', path: '/api/broker/brokersales/' },
  link: { method: 'POST', path: '/api/broker/link_broker/' },
  unlink: { method: 'DELETE', path: '/api/broker/link_broker/' },
  distributor: { method: 'PUT', path: '/api/broker/distributor_info/' },
};

export async function changeBroker(broker: number, version: number, change: BrokerChange): Promise<BrokerDetailsReply> {
  const { kind, ...fields } = change;
  const form = toFormData({
    broker: String(broker),
    version: String(version),
    ...Object.fromEntries(Object.entries(fields).map(([k, x]) => [k, String(x)])),
  });
  const call = CALLS[kind];
  return v.parse(BrokerDetailsReply, await http(call.path, { method: call.method, body: form }));
}
