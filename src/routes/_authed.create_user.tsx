// /create_user: the create screen, opening a created user's edit page; the menu entry names its feature.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UserCreatePage } from '../sections/user-create/user-create-page';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/create_user')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: CreateUserRoute,
});

function CreateUserRoute() {
  const navigate = useNavigate();
  return (
    <UserCreatePage openUser={(id) => void navigate({ to: '/user_list/$userId', params: { userId: String(id) } })} />
  );
}
