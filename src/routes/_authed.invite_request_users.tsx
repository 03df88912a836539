// /invite_request_users: a section not built yet; its menu entry (src/domain/menu.ts) names the feature it needs.
import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/invite_request_users')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <SectionPending path="/invite_request_users" />,
});
