import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/sku_configuration')({
  beforeLoad: ({ context }) => requireFeature(context, 'sku_configuration_access'),
  component: () => <SectionPending path="/sku_configuration" />,
});
