// /user_roles: Role Management (decision 050), roles as data; needs role_mgmt.
import { createFileRoute } from '@tanstack/react-router';
import { RolesScreen } from '../sections/roles/roles-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/user_roles')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <RolesScreen />,
});
