// /view_groups: the groups read only, without a control that changes anything (spec §2; decision 048).
import { createFileRoute } from '@tanstack/react-router';
import { GroupsScreen } from '../sections/groups/groups-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/view_groups')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <GroupsScreen readOnly />,
});
