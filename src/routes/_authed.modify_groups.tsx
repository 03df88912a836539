import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/modify_groups')({
  beforeLoad: ({ context }) => requireFeature(context, 'group_mgmt'),
  component: () => <SectionPending path="/modify_groups" />,
});
