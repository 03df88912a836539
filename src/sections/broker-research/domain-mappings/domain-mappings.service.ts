// The Broker Domain Mappings calls (decision 061): plain functions, every reply parsed by its
// src/domain schema. Requests are form data; a stale edit or removal answers 409, read by shape
// (staleDomainMappingOf); a refused field answers 400 naming it.
import * as v from 'valibot';
import {
  DOMAIN_MAPPING_BROKERS_PATH,
  DOMAIN_MAPPING_PATH,
  DOMAIN_MAPPING_USERS_PATH,
  DomainBrokersReply,
  DomainMappingListReply,
  DomainMappingReply,
  DomainUsersReply,
  RemovedDomainMappingReply,
} from '../../../domain/broker-research-domain-mappings';
import { http, toFormData } from '../../../services/http';

const withQuery = (path: string, params: Record<string, string>) => {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString();
  return search ? `${path}?${search}` : path;
};

export async function fetchDomainMappings(query: {
  q: string;
  broker: string;
  cursor: string;
}): Promise<DomainMappingListReply> {
  return v.parse(DomainMappingListReply, await http(withQuery(DOMAIN_MAPPING_PATH, query)));
}

export async function findDomainBrokers(text: string): Promise<DomainBrokersReply> {
  return v.parse(DomainBrokersReply, await http(withQuery(DOMAIN_MAPPING_BROKERS_PATH, { q: text })));
}

export async function addDomainMapping(domain: string, brokerId: number | null): Promise<DomainMappingReply> {
  const body = toFormData({ domain, broker_id: brokerId === null ? '' : String(brokerId) });
  return v.parse(DomainMappingReply, await http(DOMAIN_MAPPING_PATH, { method: 'POST', body }));
}

export async function editDomainMapping(
  id: number,
  version: number,
  domain: string,
  brokerId: number | null,
): Promise<DomainMappingReply> {
  const body = toFormData({
    id: String(id),
    version: String(version),
    domain,
    broker_id: brokerId === null ? '' : String(brokerId),
  });
  return v.parse(DomainMappingReply, await http(DOMAIN_MAPPING_PATH, { method: 'PUT', body }));
}

export async function removeDomainMapping(id: number, version: number): Promise<RemovedDomainMappingReply> {
  return v.parse(
    RemovedDomainMappingReply,
    await http(DOMAIN_MAPPING_PATH, {
      method: 'DELETE',
      body: toFormData({ id: String(id), version: String(version) }),
    }),
  );
}

export async function fetchDomainUsers(domain: string, cursor = ''): Promise<DomainUsersReply> {
  return v.parse(DomainUsersReply, await http(withQuery(DOMAIN_MAPPING_USERS_PATH, { domain, cursor })));
}
