// /user_list: the user list. Its search, filters, order and page size live in the URL
// (validated, with defaults for anything missing or broken), so a list can be bookmarked,
// shared and gone back to. The URL is validated in the component, which loads with the section:
// a route's validateSearch would put the schema in the first page load, which has a budget.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import * as v from 'valibot';
import { selectFeatures } from '../machines/session/session.selectors';
import { ListSearchSchema } from '../sections/user-list/user-list.url';
import { useConsole } from '../ui/console-context';
import { UserListScreen } from '../sections/user-list/user-list-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/user_list')({
  // Kept as the URL has it; the screen names only what differs from the defaults (compactSearch).
  validateSearch: (raw: Record<string, unknown>) => raw,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: UserListRoute,
});

function UserListRoute() {
  const raw = Route.useSearch();
  const search = useMemo(() => v.parse(ListSearchSchema, raw), [raw]);
  const navigate = useNavigate({ from: '/user_list' });
  const { session } = useConsole();
  const features = useSelector(session, selectFeatures);
  return (
    <UserListScreen
      search={search}
      features={features}
      navigate={(next) => void navigate({ search: next, replace: false })}
      openUser={(id) =>
        void navigate({ to: '/user_list/$userId', params: { userId: String(id) }, search: { list: raw } })
      }
      createUser={() => void navigate({ to: '/create_user' })}
      saveAsSegment={(query) => void navigate({ to: '/segments_n_tags', search: { tab: 'segments', save: query } })}
    />
  );
}
