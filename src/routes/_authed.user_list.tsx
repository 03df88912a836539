// /user_list: the user list. Its search, filters, order and page size live in the URL
// (validated, with defaults for anything missing or broken), so a list can be bookmarked,
// shared and gone back to.
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectFeatures } from '../machines/session/session.selectors';
import { DEFAULT_LIST_SEARCH, ListSearchSchema } from '../machines/user-list/user-list.search';
import { useConsole } from '../ui/console-context';
import { UserListScreen } from '../ui/user-list/user-list-screen';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/user_list')({
  validateSearch: ListSearchSchema,
  // The URL names only what differs from the defaults: a plain list is plain /user_list.
  search: { middlewares: [stripSearchParams(DEFAULT_LIST_SEARCH)] },
  beforeLoad: ({ context }) => requireFeature(context, 'user_mgmt'),
  component: UserListRoute,
});

function UserListRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/user_list' });
  const { session } = useConsole();
  const features = useSelector(session, selectFeatures);
  return (
    <UserListScreen
      search={search}
      features={features}
      navigate={(next) => void navigate({ search: next, replace: false })}
      openUser={(id) => void navigate({ to: '/user_list/$userId', params: { userId: String(id) } })}
      createUser={() => void navigate({ to: '/create_user' })}
    />
  );
}
