// /redshift_configuration: Redshift Configuration (decision 054); needs redshift_configuration_access.
import { createFileRoute } from '@tanstack/react-router';
import { RedshiftScreen } from '../sections/redshift/redshift-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/redshift_configuration')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <RedshiftScreen />,
});
