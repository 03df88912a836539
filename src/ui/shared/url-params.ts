// A list screen's URL parameters, as text, and how to change them: the one binding between the
// router and a screen, so Reload, Back and a shared link return to the same search and page.
// The route validates the address into text (textParams) and gives the router's navigate; the
// screen reads its own query from the text with its codec; tests hold the parameters in memory.
import { createContext, useContext, useEffect } from 'react';

export type UrlParams = Record<string, string>;

export interface UrlParamsBinding {
  params: UrlParams;
  /** `push`: a new history entry (a search, a page, an opened record); otherwise the address is replaced. */
  setParams: (next: UrlParams, how?: { push?: boolean }) => void;
}

export const UrlParamsContext = createContext<UrlParamsBinding | null>(null);

export function useUrlParams(): UrlParamsBinding {
  const value = useContext(UrlParamsContext);
  if (!value) throw new Error('useUrlParams needs a screen bound to its URL around it.');
  return value;
}

/**
 * A route's validateSearch for such a screen: every value as text. The router reads
 * `?at=1764000000000.812` as a number and `?x=true` as a boolean; anything else (arrays, objects)
 * is no parameter of a list.
 */
export function textParams(raw: Record<string, unknown>): UrlParams {
  const out: UrlParams = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}

/** The binding a route gives its screen: the validated search and the router's navigate. */
export function routeParams(
  params: UrlParams,
  navigate: (to: { search: UrlParams; replace: boolean }) => unknown,
): UrlParamsBinding {
  return { params, setParams: (next, how) => void navigate({ search: next, replace: !how?.push }) };
}

/**
 * One direction of truth: the address names the list's query and the list machine follows it.
 * Each new query (a search, a page, Back) is sent once as `query.set`; the same query again is not.
 */
export function useQueryFromUrl<Q>(list: { send: (event: { type: 'query.set'; query: Q }) => void }, query: Q): void {
  const key = JSON.stringify(query);
  // `key` stands for the query's value: a new object of the same query sends nothing.
  useEffect(() => list.send({ type: 'query.set', query }), [list, key]);
}
