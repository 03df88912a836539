// /user_list/$userId: one user's edit page, beside the list rather than inside its layout. Seeing
// a user needs user_mgmt; changing them needs edit_user (the page is read-only without it).
// `list` carries the search of the list it was opened from, so "← All Users" returns to it.
import { Box, Callout, Flex } from '@radix-ui/themes';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { UserEditPage } from '../sections/user-edit/user-edit-page';
import { useReplaceSearch } from './-address';
import { requireSection } from './-guards';

/** The list's search as the list's own route holds it (kept as given; the list validates it). */
type ListSearch = Record<string, unknown>;
const isListSearch = (x: unknown): x is ListSearch => typeof x === 'object' && x !== null && !Array.isArray(x);
type UserPageSearch = { list?: ListSearch | undefined; tab?: string | undefined };

export const Route = createFileRoute('/_authed/user_list_/$userId')({
  // Every key answered: the router lays this over the raw search, so one left out keeps a malformed value.
  validateSearch: (raw: Record<string, unknown>): UserPageSearch => ({
    list: isListSearch(raw['list']) ? raw['list'] : undefined,
    tab: typeof raw['tab'] === 'string' && /^[a-z]{1,20}$/.test(raw['tab']) ? raw['tab'] : undefined,
  }),
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: UserEditRoute,
});

function UserEditRoute() {
  const { userId } = Route.useParams();
  const { list, tab } = Route.useSearch();
  const replaceSearch = useReplaceSearch<UserPageSearch>(`/user_list/${userId}`);
  // The tab shown is kept in the address; profile, the default, is left out.
  const onTab = useCallback(
    (shown: string) => replaceSearch((prev) => ({ ...prev, tab: shown === 'profile' ? undefined : shown })),
    [replaceSearch],
  );
  const id = /^\d{1,15}$/.test(userId) ? Number(userId) : null;
  return (
    <Flex direction="column" gap="3">
      <Box>
        <Link to="/user_list" search={list ?? {}}>
          ← All Users
        </Link>
      </Box>
      {id === null || id < 1 ? (
        <Callout.Root color="gray" role="alert">
          <Callout.Text>“{userId}” is not a user id.</Callout.Text>
        </Callout.Root>
      ) : (
        <UserEditPage userId={id} tab={tab} onTab={onTab} />
      )}
    </Flex>
  );
}
