// /restrict_broker: an organization's user and their brokers (spec §2 "Restrict Broker"; decision 047).
// The organization and the user shown live in the address (?org=&user=, decision 097).
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RestrictBrokerScreen, type RestrictBrokerAddress } from '../sections/restrict-broker/restrict-broker-screen';
import { requireSection } from './-guards';

const idOf = (raw: unknown): number | undefined => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

export const Route = createFileRoute('/_authed/restrict_broker')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  // A user only with the organization they are looked for in. Both keys are always answered: the
  // router lays the validated search over the raw one, so a key left out would keep a malformed value.
  validateSearch: (raw: Record<string, unknown>): { org?: number | undefined; user?: number | undefined } => {
    const org = idOf(raw['org']);
    return { org, user: org === undefined ? undefined : idOf(raw['user']) };
  },
  component: RestrictBrokerRoute,
});

function RestrictBrokerRoute() {
  const { org, user } = Route.useSearch();
  const navigate = useNavigate({ from: '/restrict_broker' });
  const router = useRouter();
  // Only while the page is the one shown: a read that answers after the person left must not bring them back.
  const onAddress = useCallback(
    (next: RestrictBrokerAddress) => {
      if (router.state.location.pathname !== '/restrict_broker') return;
      void navigate({ search: next, replace: true });
    },
    [navigate, router],
  );
  return (
    <RestrictBrokerScreen address={{ ...(org ? { org } : {}), ...(user ? { user } : {}) }} onAddress={onAddress} />
  );
}
