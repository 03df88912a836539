// /audit_log: the Audit Log (decision 062); needs audit_log_tab. The search and page live in the
// URL (?category=user&cursor=…), read in the screen, which loads with the section.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuditLogScreen } from '../ui/audit-log/audit-log-screen';
import { AuditUrlContext, type AuditParams } from '../ui/audit-log/audit-url';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/audit_log')({
  validateSearch: (raw: Record<string, unknown>) => raw,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/audit_log' });
  const params: AuditParams = Object.fromEntries(
    Object.entries(search)
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      .map(([k, v]) => [k, String(v)]),
  );
  return (
    <AuditUrlContext.Provider
      value={{ params, setParams: (next, how) => void navigate({ search: next, replace: !how?.push }) }}
    >
      <AuditLogScreen />
    </AuditUrlContext.Provider>
  );
}
