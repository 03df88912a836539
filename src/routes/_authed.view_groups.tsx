// /view_groups: the groups read only, without a control that changes anything (spec §2; decision 048); the organization shown kept in the address (decision 097).
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { GroupsScreen } from '../sections/groups/groups-screen';
import type { GroupsAddress } from '../sections/groups/groups.types';
import { groupsAddressOf } from './-groups-address';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/view_groups')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  validateSearch: groupsAddressOf,
  component: GroupsRoute,
});

function GroupsRoute() {
  const address = Route.useSearch();
  const navigate = useNavigate({ from: '/view_groups' });
  const router = useRouter();
  // Only while the page is the one shown: a read that answers after the person left must not bring them back.
  const onAddress = useCallback(
    (next: GroupsAddress) => {
      if (router.state.location.pathname !== '/view_groups') return;
      void navigate({ search: next, replace: true });
    },
    [navigate, router],
  );
  return <GroupsScreen readOnly={true} address={address} onAddress={onAddress} />;
}
