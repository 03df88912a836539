// /modify_groups_v2: every group of the platform searched, a group's members and the bulk membership upload (spec §2 "Group ManagementV2"; decision 049).
import { createFileRoute } from '@tanstack/react-router';
import { GroupsV2Screen } from '../sections/groups-v2/groups-v2-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/modify_groups_v2')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <GroupsV2Screen />,
});
