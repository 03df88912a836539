// /invite_request_users: Invite Request Users (decision 064); needs invite_req_tab. The list's
// status, search and page live in the URL, so Reload and Back return to them.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { InviteRequestsScreen } from '../sections/invite-requests/invite-requests-screen';
import { routeParams, textParams } from '../ui/shared/url-params';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/invite_request_users')({
  validateSearch: textParams,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: InviteRequestsRoute,
});

function InviteRequestsRoute() {
  const navigate = useNavigate({ from: '/invite_request_users' });
  return <InviteRequestsScreen search={routeParams(Route.useSearch(), navigate)} />;
}
