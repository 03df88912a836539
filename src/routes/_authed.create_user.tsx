import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UserCreatePage } from '../ui/user-create/user-create-page';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/create_user')({
  beforeLoad: ({ context }) => requireFeature(context, 'create_user_tab'),
  component: CreateUserRoute,
});

function CreateUserRoute() {
  const navigate = useNavigate();
  return <UserCreatePage openUser={(id) => void navigate({ to: '/user_list/$userId', params: { userId: String(id) } })} />;
}
