import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/user_roles')({
  beforeLoad: ({ context }) => requireFeature(context, 'role_mgmt'),
  component: () => <SectionPending path="/user_roles" />,
});
