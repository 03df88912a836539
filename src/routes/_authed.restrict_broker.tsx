// /restrict_broker: an organization's user and their brokers (spec §2 "Restrict Broker"; decision 047).
import { createFileRoute } from '@tanstack/react-router';
import { RestrictBrokerScreen } from '../sections/restrict-broker/restrict-broker-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/restrict_broker')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: RestrictBrokerScreen,
});
