import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/create_user')({
  beforeLoad: ({ context }) => requireFeature(context, 'create_user_tab'),
  component: () => <SectionPending path="/create_user" />,
});
