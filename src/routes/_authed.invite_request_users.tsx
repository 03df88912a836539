import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/invite_request_users')({
  beforeLoad: ({ context }) => requireFeature(context, 'invite_req_tab'),
  component: () => <SectionPending path="/invite_request_users" />,
});
