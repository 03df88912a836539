import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/restrict_broker')({
  beforeLoad: ({ context }) => requireFeature(context, 'restrict_broker_access'),
  component: () => <SectionPending path="/restrict_broker" />,
});
