import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/redshift_configuration')({
  beforeLoad: ({ context }) => requireFeature(context, 'redshift_configuration_access'),
  component: () => <SectionPending path="/redshift_configuration" />,
});
