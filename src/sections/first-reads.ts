// The first read of each section that has one, by address (decision 105): what its screen's
// machine asks for first when opened at that address. The panel sends it early, with the session
// check on a cold load and when the pointer rests on a link, and the machine's own identical call
// gets that answer (services/prefetch.ts). An address whose first read is not named here is simply
// not read early. Kept free of the sections' code: this loads with every page, /login included.
// tests/ui/first-reads.test.ts holds each entry to the request its section really sends.
import { prefetch, toFormData } from '../services/http';

type Search = Record<string, unknown>;
type Read = [path: string, options?: Parameters<typeof prefetch>[1]];

const only = (search: Search, ...keys: string[]) => Object.keys(search).every((k) => keys.includes(k));
const idOf = (value: unknown) => (/^\d{1,15}$/.test(String(value ?? '')) ? Number(value) : null);

/**
 * The All Users list's first page at its defaults (user-list.url.ts, user-list.search.ts), written
 * out rather than built from NO_USER_FILTER: domain/users and its schemas would join the first load.
 */
export const USER_LIST_FIRST_PAGE = {
  q: '',
  user_type: '',
  user_category: '',
  organization_id: '',
  active: '',
  deleted: 'exclude',
  sort: 'id',
  dir: 'desc',
  page_size: '20',
  cursor: '',
  with_total: 'true',
};
/** The Broker Research Requests tab unfiltered, first page (requests.service.ts listRequests). */
export const REQUESTS_FIRST_PAGE = { status: '', broker: '', org: '', user: '', from: '', to: '', cursor: '' };

const FIRST_READS: Record<string, (search: Search) => Read[]> = {
  '/user_list': (search) =>
    only(search) ? [['/user/search_user/', { method: 'POST', body: toFormData(USER_LIST_FIRST_PAGE) }]] : [],
  '/audit_log': (search) => (only(search) ? [['/api/audit_log/?']] : []),
  '/modify_groups': (search) => {
    const org = only(search, 'org') ? idOf(search['org']) : null;
    return org === null
      ? []
      : [
          [`/user/get_user_organization/?${new URLSearchParams({ id: String(org) })}`],
          ['/user/fetch_group/', { method: 'POST', body: toFormData({ organization_id: String(org) }) }],
        ];
  },
  '/broker_research': (search) =>
    only(search, 'tab') && search['tab'] === 'requests'
      ? [
          ['/api/researchreports/requests/list/', { method: 'POST', body: toFormData(REQUESTS_FIRST_PAGE) }],
          ['/api/broker/'],
        ]
      : [],
};

/** The reads a section at this address starts with, as [path, options] (none for most addresses). */
export function firstReadsOf(pathname: string, search: Search): Read[] {
  return FIRST_READS[pathname]?.(search) ?? [];
}

/** Sends them early. */
export function readAhead(pathname: string, search: Search): void {
  for (const [path, options] of firstReadsOf(pathname, search)) prefetch(path, options);
}
