import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/broker_research')({
  beforeLoad: ({ context }) => requireFeature(context, 'br_research'),
  component: () => <SectionPending path="/broker_research" />,
});
