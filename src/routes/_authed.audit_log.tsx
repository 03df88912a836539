// /audit_log: the Audit Log (decision 062); needs audit_log_tab. The search and page live in the
// URL (?category=user&cursor=…), read in the screen, which loads with the section.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuditLogScreen } from '../sections/audit-log/audit-log-screen';
import { routeParams, textParams, UrlParamsContext } from '../ui/shared/url-params';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/audit_log')({
  validateSearch: textParams,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const navigate = useNavigate({ from: '/audit_log' });
  return (
    <UrlParamsContext.Provider value={routeParams(Route.useSearch(), navigate)}>
      <AuditLogScreen />
    </UrlParamsContext.Provider>
  );
}
