// /modify_groups_v2: every group of the platform searched, a group's members and the bulk membership upload (spec §2 "Group ManagementV2"; decision 049).
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { GroupsV2Screen, type GroupsV2Address } from '../sections/groups-v2/groups-v2-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/modify_groups_v2')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  // The search and the group open live in the address: Reload and a shared link return to them.
  validateSearch: (raw: Record<string, unknown>): GroupsV2Address => {
    const q = typeof raw['q'] === 'string' && raw['q'].length <= 200 ? raw['q'] : undefined;
    const group = Number(raw['group']);
    // Every key answered: the router lays this over the raw search, so one left out keeps a malformed value.
    return { q: q || undefined, group: Number.isSafeInteger(group) && group > 0 ? group : undefined };
  },
  component: GroupsV2Route,
});

function GroupsV2Route() {
  const address = Route.useSearch();
  const navigate = useNavigate({ from: '/modify_groups_v2' });
  const router = useRouter();
  // Only while the page is the one shown: a read that answers after the person left must not bring them back.
  const onAddress = useCallback(
    (next: GroupsV2Address) => {
      if (router.state.location.pathname !== '/modify_groups_v2') return;
      void navigate({ search: next, replace: true });
    },
    [navigate, router],
  );
  return <GroupsV2Screen address={address} onAddress={onAddress} />;
}
