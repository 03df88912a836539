// /reports_dashboard: Reports Dashboard (decision 063); needs reports_dashboard_tab. The range,
// organization and view live in the URL (?from=2026-11-01&to=2026-11-28&org=12&org_name=…&view=events),
// read in the screen, which loads with the section.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { searchOfUrl, urlOfSearch } from '../sections/reports/reports-search';
import { ReportsScreen, type ReportsSearch } from '../sections/reports/reports-screen';
import { requireSection } from './-guards';
import { textParams } from '../ui/shared/url-params';

export const Route = createFileRoute('/_authed/reports_dashboard')({
  validateSearch: textParams,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: ReportsRoute,
});

function ReportsRoute() {
  const raw = Route.useSearch();
  const navigate = useNavigate({ from: '/reports_dashboard' });
  const onSearch = useCallback((next: ReportsSearch) => void navigate({ search: urlOfSearch(next) }), [navigate]);
  return <ReportsScreen search={searchOfUrl(raw, Date.now())} onSearch={onSearch} />;
}
