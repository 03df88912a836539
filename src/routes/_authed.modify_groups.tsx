// /modify_groups: Group Management (spec §2; decision 048); the organization shown kept in the address (decision 097).
import { createFileRoute } from '@tanstack/react-router';
import { GroupsScreen } from '../sections/groups/groups-screen';
import type { GroupsAddress } from '../sections/groups/groups.types';
import { useReplaceSearch } from './-address';
import { groupsAddressOf } from './-groups-address';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/modify_groups')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  validateSearch: groupsAddressOf,
  component: GroupsRoute,
});

function GroupsRoute() {
  const address = Route.useSearch();
  const onAddress = useReplaceSearch<GroupsAddress>('/modify_groups');
  return <GroupsScreen readOnly={false} address={address} onAddress={onAddress} />;
}
