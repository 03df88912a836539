// /restrict_broker: an organization's user and their brokers (spec §2 "Restrict Broker"; decision 047).
// The organization and the user shown live in the address (?org=&user=, decision 097).
import { createFileRoute } from '@tanstack/react-router';
import { RestrictBrokerScreen, type RestrictBrokerAddress } from '../sections/restrict-broker/restrict-broker-screen';
import { idParam, useReplaceSearch } from './-address';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/restrict_broker')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  // A user only with the organization they are looked for in. Both keys are always answered: the
  // router lays the validated search over the raw one, so a key left out would keep a malformed value.
  validateSearch: (raw: Record<string, unknown>): { org?: number | undefined; user?: number | undefined } => {
    const org = idParam(raw['org']);
    return { org, user: org === undefined ? undefined : idParam(raw['user']) };
  },
  component: RestrictBrokerRoute,
});

function RestrictBrokerRoute() {
  const { org, user } = Route.useSearch();
  const onAddress = useReplaceSearch<RestrictBrokerAddress>('/restrict_broker');
  return (
    <RestrictBrokerScreen address={{ ...(org ? { org } : {}), ...(user ? { user } : {}) }} onAddress={onAddress} />
  );
}
