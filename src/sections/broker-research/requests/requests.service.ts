// Broker Research → Requests calls (decision 057): plain functions, every reply parsed by its
// src/domain schema. A 409 of an action (someone acted first) is read by shape (requestConflictOf).
import * as v from 'valibot';
import type { RequestAction } from '../../../domain/broker-research';
import {
  BulkActionReply,
  BulkPreviewReply,
  ListRequestsReply,
  OneRequestReply,
  REQUEST_PATHS,
  RequestActionReply,
  type PreviewInput,
  type RequestsQuery,
  type SeenRequest,
} from '../../../domain/broker-research-requests';
import { brokerReplies, type Broker } from '../../../domain/brokers';
import { http, toFormData } from '../../../services/http';

export async function listRequests(q: RequestsQuery): Promise<ListRequestsReply> {
  return v.parse(
    ListRequestsReply,
    await http(REQUEST_PATHS.list, { method: 'POST', body: toFormData({ ...q.filters, cursor: q.cursor }) }),
  );
}

export async function fetchRequest(id: number): Promise<OneRequestReply> {
  return v.parse(OneRequestReply, await http(`${REQUEST_PATHS.one}?id=${id}`));
}

export async function actOnRequest(input: {
  id: number;
  version: number;
  action: RequestAction;
  reason: string;
}): Promise<RequestActionReply> {
  const body = toFormData({
    id: String(input.id),
    version: String(input.version),
    action: input.action,
    reason: input.reason,
  });
  return v.parse(RequestActionReply, await http(REQUEST_PATHS.action, { method: 'POST', body }));
}

export async function previewBulk(selection: PreviewInput): Promise<BulkPreviewReply> {
  return v.parse(
    BulkPreviewReply,
    await http(REQUEST_PATHS.bulkPreview, {
      method: 'POST',
      body: toFormData({ selection: JSON.stringify(selection) }),
    }),
  );
}

export async function applyBulk(input: {
  action: RequestAction;
  requests: SeenRequest[];
  reason: string;
}): Promise<BulkActionReply> {
  const body = toFormData({ action: input.action, requests: JSON.stringify(input.requests), reason: input.reason });
  return v.parse(BulkActionReply, await http(REQUEST_PATHS.bulk, { method: 'POST', body }));
}

/** Every broker by name, for the broker filter (GET api/broker/, ids keyed by the product). */
export async function fetchBrokers(product: string): Promise<Broker[]> {
  return v.parse(brokerReplies(product).BrokerListReply, await http('/api/broker/')).brokers;
}
