// The FulFillments list as the URL holds it (decision 055's shared names: broker, org, user,
// status, from, to; source; cursor and page), and the forms it becomes.
import { DAY_PATTERN, type FulfillmentExportFormat } from '../../../domain/broker-research-fulfillments';
import { FULFILLMENT_SOURCES, FULFILLMENT_STATUSES } from '../../../domain/broker-research';

export interface FulfillmentSearch {
  status: string;
  source: string;
  broker: string;
  org: string;
  user: string;
  from: string;
  to: string;
  /** The page's keyset position ('' for page 1) and its number from 1. */
  cursor: string;
  page: string;
}

export const FILTER_KEYS = ['status', 'source', 'broker', 'org', 'user', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const isId = (s: string) => /^\d{1,15}$/.test(s) && Number(s) > 0;
const pick = (value: string | undefined, ok: (s: string) => boolean) => (value !== undefined && ok(value) ? value : '');

/** The URL's parameters as a search: values the server would refuse are left out, as if not there. */
export function searchOf(params: Record<string, string>): FulfillmentSearch {
  const cursor = params['cursor'] ?? '';
  return {
    status: pick(params['status'], (s) => (FULFILLMENT_STATUSES as readonly string[]).includes(s)),
    source: pick(params['source'], (s) => (FULFILLMENT_SOURCES as readonly string[]).includes(s)),
    broker: pick(params['broker'], isId),
    org: pick(params['org'], isId),
    user: pick(params['user'], isId),
    from: pick(params['from'], (s) => DAY_PATTERN.test(s)),
    to: pick(params['to'], (s) => DAY_PATTERN.test(s)),
    cursor,
    page: cursor === '' ? '' : pick(params['page'], (s) => /^\d{1,9}$/.test(s) && Number(s) > 1),
  };
}

/** The search as URL parameters, empty ones left out. */
export function paramsOf(search: FulfillmentSearch): Record<string, string> {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== ''));
}

export const sameSearch = (a: FulfillmentSearch, b: FulfillmentSearch) =>
  JSON.stringify(paramsOf(a)) === JSON.stringify(paramsOf(b));
export const sameFilters = (a: FulfillmentSearch, b: FulfillmentSearch) => FILTER_KEYS.every((k) => a[k] === b[k]);
export const hasFilters = (s: FulfillmentSearch) => FILTER_KEYS.some((k) => s[k] !== '');

/** The list's filter fields of the calls. */
export function filterFields(search: FulfillmentSearch) {
  return {
    status: search.status,
    source: search.source,
    broker_id: search.broker,
    organization_id: search.org,
    user_id: search.user,
    from: search.from,
    to: search.to,
  };
}

export const exportFields = (search: FulfillmentSearch, format: FulfillmentExportFormat) => ({
  ...filterFields(search),
  format,
});
