// /invite_request_users: Invite Request Users (decision 064); needs invite_req_tab. The list's
// status, search and page live in the URL, so Reload and Back return to them.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { InviteRequestsScreen } from '../ui/invite-requests/invite-requests-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/invite_request_users')({
  validateSearch: (raw: Record<string, unknown>) => raw,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: InviteRequestsRoute,
});

function InviteRequestsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/invite_request_users' });
  // The router reads '1764000000000.812' as a number: every value is taken back as text.
  const params = Object.fromEntries(
    Object.entries(search).flatMap(([k, v]) =>
      ['string', 'number', 'boolean'].includes(typeof v) ? [[k, String(v)]] : [],
    ),
  );
  return (
    <InviteRequestsScreen
      search={{ params, setParams: (next, how) => void navigate({ search: next, replace: !how?.push }) }}
    />
  );
}
