import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/reports_dashboard')({
  beforeLoad: ({ context }) => requireFeature(context, 'reports_dashboard_tab'),
  component: () => <SectionPending path="/reports_dashboard" />,
});
