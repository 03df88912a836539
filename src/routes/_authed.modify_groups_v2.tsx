// /modify_groups_v2: every group of the platform searched, a group's members and the bulk membership upload (spec §2 "Group ManagementV2"; decision 049).
import { createFileRoute } from '@tanstack/react-router';
import { GroupsV2Screen, type GroupsV2Address } from '../sections/groups-v2/groups-v2-screen';
import { idParam, useReplaceSearch } from './-address';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/modify_groups_v2')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  // The search and the group open live in the address: Reload and a shared link return to them.
  validateSearch: (raw: Record<string, unknown>): GroupsV2Address => {
    const q = typeof raw['q'] === 'string' && raw['q'].length <= 200 ? raw['q'] : undefined;
    // Every key answered: the router lays this over the raw search, so one left out keeps a malformed value.
    return { q: q || undefined, group: idParam(raw['group']) };
  },
  component: GroupsV2Route,
});

function GroupsV2Route() {
  const address = Route.useSearch();
  const onAddress = useReplaceSearch<GroupsV2Address>('/modify_groups_v2');
  return <GroupsV2Screen address={address} onAddress={onAddress} />;
}
