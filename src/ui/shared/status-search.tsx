// A list filtered by one status and a search text, a page at a time, all in its address
// (`?status=&q=&cursor=`): the query read from the URL's text, written back with the empty parts
// left out, and the search box with its status filter bound to it. A new search or status starts
// again at page 1.
import type { UrlParams, UrlParamsBinding } from './url-params';
import { SearchForm, StatusFilter } from './search-form';

/** A status-and-search list's query: '' is every status, page 1, no text. */
export interface StatusQuery<S extends string> {
  status: S | '';
  q: string;
  cursor: string;
}

/** The URL's parameters as the list's query: an unknown status reads as every status; the text is cut to `max`. */
export function statusQueryOf<S extends string>(
  params: UrlParams,
  statuses: readonly S[],
  max: number,
): StatusQuery<S> {
  const status = (statuses as readonly string[]).includes(params['status'] ?? '') ? (params['status'] as S) : '';
  return { status, q: (params['q'] ?? '').slice(0, max), cursor: params['cursor'] ?? '' };
}

/** A query as URL parameters: the empty ones left out. */
export const queryParams = (query: object): UrlParams =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));

/** The status filter and the search box of a list whose query is in its address. */
export function StatusSearch<S extends string>({
  binding: { params, setParams },
  name,
  label,
  placeholder,
  maxLength,
  statuses,
  labels,
}: {
  binding: UrlParamsBinding;
  /** The search landmark's name ("Search submissions"). */
  name: string;
  /** The box's accessible name. */
  label: string;
  placeholder: string;
  maxLength: number;
  statuses: readonly S[];
  labels: Record<S, string>;
}) {
  const query = statusQueryOf(params, statuses, maxLength);
  return (
    <SearchForm
      name={name}
      label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      query={query.q}
      onSearch={(q) => setParams(queryParams({ ...query, q, cursor: '' }), { push: true })}
    >
      <StatusFilter
        statuses={statuses}
        labels={labels}
        status={query.status}
        onChange={(status) => setParams(queryParams({ status, q: query.q, cursor: '' }), { push: true })}
      />
    </SearchForm>
  );
}
