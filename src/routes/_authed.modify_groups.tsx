// /modify_groups: Group Management (spec §2; decision 048).
import { createFileRoute } from '@tanstack/react-router';
import { GroupsScreen } from '../sections/groups/groups-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/modify_groups')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <GroupsScreen readOnly={false} />,
});
