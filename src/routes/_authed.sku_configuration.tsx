// /sku_configuration: SKU Configuration (decision 053), the SKUs sold and their assignment to accounts; needs sku_configuration_access.
import { createFileRoute } from '@tanstack/react-router';
import { SkusScreen } from '../sections/skus/skus-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/sku_configuration')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <SkusScreen />,
});
