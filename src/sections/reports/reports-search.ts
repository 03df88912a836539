// The Reports Dashboard's URL: from, to (UTC days), org and org_name, view. What is missing or
// wrong reads as the default (the last 30 days, every organization, the overview).
import { defaultRange, rangeProblem, reportViewOf, type ReportView } from '../../domain/reports';
import type { ReportsSearch } from './reports-screen';

const isDay = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);

export function searchOfUrl(raw: Record<string, unknown>, now: number): ReportsSearch {
  const fallback = defaultRange(now);
  const from = isDay(raw['from']) ? raw['from'] : fallback.from;
  const to = isDay(raw['to']) ? raw['to'] : fallback.to;
  const range =
    rangeProblem(from, to) === null && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to))
      ? { from, to }
      : fallback;
  const orgId = Number(raw['org']);
  const org =
    Number.isSafeInteger(orgId) && orgId > 0
      ? {
          id: orgId,
          name: typeof raw['org_name'] === 'string' && raw['org_name'] ? raw['org_name'] : `Organization ${orgId}`,
        }
      : null;
  return { filters: { ...range, org }, view: reportViewOf(raw['view']) };
}

export function urlOfSearch(s: ReportsSearch): Record<string, string> {
  const out: Record<string, string> = { from: s.filters.from, to: s.filters.to };
  if (s.filters.org) Object.assign(out, { org: String(s.filters.org.id), org_name: s.filters.org.name });
  if (s.view !== ('overview' satisfies ReportView)) out['view'] = s.view;
  return out;
}
