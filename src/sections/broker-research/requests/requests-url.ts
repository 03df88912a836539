// The Requests tab's URL parameters (shared names: status, broker, org, user, from, to; cursor for
// the page) and the machine's query, each way.
import type { RequestsQuery } from '../../../domain/broker-research-requests';
import { FILTER_KEYS, NO_FILTERS } from './requests.types';
import type { TabParams } from '../tab-search';

export function queryOfParams(params: TabParams): RequestsQuery {
  const filters = { ...NO_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = params[key] ?? '';
  return { filters, cursor: params['cursor'] ?? '' };
}

export function paramsOfQuery(query: RequestsQuery): TabParams {
  const out: TabParams = {};
  for (const key of FILTER_KEYS) if (query.filters[key] !== '') out[key] = query.filters[key];
  if (query.cursor !== '') out['cursor'] = query.cursor;
  return out;
}

/** One text per query, to tell two apart. */
export const queryKey = (query: RequestsQuery): string =>
  JSON.stringify([...FILTER_KEYS.map((k) => query.filters[k]), query.cursor]);
