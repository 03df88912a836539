// The user list: every path of the userList machine replayed on the real screen against the
// real server in-process, with 30 trial users seeded (a first page of 20 and a last of 10).
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor, type AnyActorRef } from 'xstate';
import { seedBenchUsers } from '../../bench/user-data';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { FEATURE_KEYS } from '../../src/domain/features';
import { EXPORT_COLUMNS } from '../../src/domain/users';
import { createConsoleActors, type ConsoleActors } from '../../src/machines/live';
import { selectIsAuthenticated } from '../../src/machines/session/session.selectors';
import { userListMachine } from '../../src/sections/user-list/user-list.machine';
import { ListSearchSchema, type ListSearch } from '../../src/sections/user-list/user-list.url';
import type { UserListContext } from '../../src/sections/user-list/user-list.types';
import { loginAccount, verifyOtp } from '../../src/services/auth.service';
import { ConsoleContext } from '../../src/ui/console-context';
import { UserListCtx } from '../../src/sections/user-list/user-list-context';
import { SEARCH_PLACEHOLDER, UserListProvider, UserListView } from '../../src/sections/user-list/user-list-screen';
import { planPaths } from '../../src/workflows/paths';
import { flush, replayPath } from '../support/replay';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import {
  INITIAL_SEARCH,
  STALE_CURSOR,
  STALE_SEARCH,
  TOO_LONG_QUERY,
  userListPlan,
} from '../../src/sections/user-list/user-list.plan';
import { STALE_PAGE_NOTICE } from '../../src/sections/user-list/user-list.machine';
import { compactSearch } from '../../src/sections/user-list/user-list.search';
import { MAX_SEARCH_TEXT } from '../../src/domain/constants';
import { act } from '@testing-library/react';
import { captureSavedFiles, type SavedFile } from '../support/saved-files';

const SEEDED = 30;
const PAGE = 20;

interface World {
  server: TestServer;
  bridge: ServerBridge;
  user: UserEvent;
  actors?: ConsoleActors;
  list?: AnyActorRef;
  /** Where the list sent the browser (the URL's search after each navigation). */
  urls: Partial<ListSearch>[];
  exports: SavedFile[];
  /** Opens a URL of the list from outside (a link, Back, Reload). */
  visit?: (search: Partial<ListSearch>) => void;
}
let world: World;

const INITIAL: ListSearch = INITIAL_SEARCH;

function Grab() {
  world.list = UserListCtx.useActorRef();
  return null;
}

/** The route's part: the URL's search, validated as validateSearch does, and navigation. */
function Page() {
  const [search, setSearch] = useState<ListSearch>(INITIAL);
  world.visit = (next) => setSearch(v.parse(ListSearchSchema, next));
  const navigate = (next: Partial<ListSearch>) => {
    world.urls.push(next);
    setSearch(v.parse(ListSearchSchema, next));
  };
  const props = { search, navigate, features: FEATURE_KEYS, openUser: () => {}, createUser: () => {} };
  return (
    <UserListProvider search={search} navigate={navigate}>
      <Grab />
      <UserListView {...props} />
    </UserListProvider>
  );
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const server = await createTestServer();
  const bridge = connectToServer(server);
  await seedBenchUsers(server.db, { users: SEEDED, orgs: 2 });
  // The list under test is the trial users: the seeded ones, not the staff member signed in.
  await server.db
    .updateTable('users')
    .set({ user_type: 'trial', deleted: 0 })
    .where('username', 'like', 'b.%')
    .execute();
  const staff = await server.createStaff({ username: 'lister', features: [...FEATURE_KEYS], activated: true });
  world = {
    server,
    bridge,
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    urls: [],
    exports: captureSavedFiles(),
  };
  await loginAccount({ username: staff.username, password: staff.password });
  await verifyOtp({ username: staff.username, otp: server.totp(staff.totpSecret!) });
});
afterEach(async () => {
  world.actors?.session.stop();
  world.bridge.disconnect();
  await world.server.close();
  vi.restoreAllMocks();
});

const contextOf = () => world.list!.getSnapshot().context as UserListContext;
const region = () => screen.getByRole('region', { name: 'Users' });
const table = () => within(region()).getByRole('table');
const dataRows = () => within(table()).getAllByRole('row').slice(1);
const rowBoxes = () => within(table()).getAllByRole('checkbox').slice(1);
const pageBox = () => screen.getByRole('checkbox', { name: 'Select all users on this page' });
/** Hides every seeded user (the list then has nothing to show), or brings them back. */
async function setDeleted(deleted: 0 | 1): Promise<void> {
  await world.server.db.updateTable('users').set({ deleted }).where('username', 'like', 'b.%').execute();
}

async function choose(trigger: string, option: string): Promise<void> {
  await world.user.click(screen.getByRole('combobox', { name: trigger }));
  await world.user.click(await screen.findByRole('option', { name: option }));
}

/** The rows a person should see on the page on screen, from the server's own count. */
function expectPage({ paging = true } = {}): void {
  const c = contextOf();
  const expected = c.page === 0 ? Math.min(PAGE, SEEDED) : SEEDED - PAGE;
  expect(dataRows()).toHaveLength(expected);
  const first = c.page * PAGE + 1;
  expect(screen.getByRole('status', { name: 'Rows shown' })).toHaveTextContent(
    `${first}–${first + expected - 1} of ${SEEDED}`,
  );
  if (!paging) {
    // Paging waits until the search box holds a search again.
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  } else if (c.page === 0) {
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    // The search's first page counted its total: the last page is one click away.
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  } else {
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  }
  // Every row's name links to that user's edit page.
  const [firstRow] = dataRows();
  expect(within(firstRow!).getByRole('link').getAttribute('href')).toMatch(/^\/user_list\/\d+$/);
}

describe('userList machine paths', () => {
  it.each(planPaths(userListPlan).map((p) => [p.name, p] as const))('%s', async (_n, path) => {
    await replayPath(path, {
      machine: userListMachine,
      bridge: world.bridge,
      world,
      calls: { searchUsers: '/user/search_user/' },
      actor: () => world.list!,
      mount: async () => {
        const config = { ...DEFAULT_APP_CONFIG };
        world.actors = createConsoleActors(config, { navigate: () => {}, load: () => {} }, '/user_list');
        world.actors.session.start();
        await waitForActor(world.actors.session, selectIsAuthenticated);
        render(
          <Theme>
            <ConsoleContext.Provider value={{ ...world.actors, config }}>
              <Page />
            </ConsoleContext.Provider>
          </Theme>,
        );
        await flush();
      },
      perform: {
        'query.set': async ({ step }) => {
          // An old link to page 3 of this list, opened (or gone back to).
          if ((step.event as unknown as { query: ListSearch }).query.cursor === STALE_CURSOR)
            return act(() => world.visit!(compactSearch(STALE_SEARCH)));
          return choose('Sort by', 'Name');
        },
        'query.type': async ({ step }) => {
          const box = screen.getByRole('searchbox', { name: 'Search users' });
          const q = (step.event as unknown as { q: string }).q;
          await world.user.clear(box);
          if (q === TOO_LONG_QUERY) {
            await world.user.click(box);
            await world.user.paste(q);
          } else await world.user.type(box, q);
        },
        'page.next': () => world.user.click(screen.getByRole('button', { name: 'Next' })),
        'page.prev': () => world.user.click(screen.getByRole('button', { name: 'Previous' })),
        'page.last': () => world.user.click(screen.getByRole('button', { name: 'Last page' })),
        'row.toggle': () => world.user.click(rowBoxes()[0]!),
        'page.toggle': () => world.user.click(pageBox()),
        'all.select': () => world.user.click(screen.getByRole('button', { name: `Select all ${SEEDED} matching` })),
        'selection.clear': () => world.user.click(screen.getByRole('button', { name: 'Clear selection' })),
        'export.request': () => world.user.click(screen.getByRole('button', { name: 'Export CSV' })),
        'bulk.open': () => world.user.click(screen.getByRole('button', { name: /^Bulk edit/ })),
        'bulk.close': () => world.user.keyboard('{Escape}'),
        'list.retry': () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      },
      arrange: {
        nothing: () => setDeleted(1),
        emptied: () => setDeleted(1),
        failed: async () => world.bridge.setOffline(true, ['/user/search_user/']),
      },
      afterOutcome: {
        nothing: () => setDeleted(0),
        emptied: () => setDeleted(0),
        failed: async () => world.bridge.setOffline(false),
      },
      expectations: {
        loading: async (s, { step }) => {
          expect(region()).toHaveAttribute('aria-busy', 'true');
          expect(s.getByLabelText('Loading users')).toBeInTheDocument();
          if (step?.outcome === 'staleCursor') {
            // Never an error page: page 1 is on its way, the URL says so, and a notice says why
            // (drawn in the render after the refusal, which follows the state it re-enters).
            expect(await s.findByRole('status', { name: 'List notice' })).toHaveTextContent(STALE_PAGE_NOTICE);
            expect(s.queryByRole('alert')).toBeNull();
            expect(world.urls.at(-1)).toEqual({ user_type: 'trial' });
          }
        },
        tooLong: (s) => {
          const box = s.getByRole('searchbox', { name: 'Search users' });
          expect(box).toHaveValue(TOO_LONG_QUERY);
          expect(box).toHaveAttribute('aria-invalid', 'true');
          expect(s.getByRole('alert')).toHaveTextContent(
            `Search text is at most ${MAX_SEARCH_TEXT} characters; this has ${MAX_SEARCH_TEXT + 1}. The list shows the last search.`,
          );
          // Nothing was searched: the first page of the last search stays, and the URL never held the text.
          expect(region()).toHaveAttribute('aria-busy', 'false');
          expect(contextOf().search.q).toBe('');
          expectPage({ paging: false });
          expect(world.urls.every((u) => (u.q ?? '').length <= MAX_SEARCH_TEXT)).toBe(true);
        },
        typing: (s) => {
          expect(s.getByRole('searchbox', { name: 'Search users' })).toHaveValue(contextOf().draft);
          expect(s.getByRole('searchbox', { name: 'Search users' })).toHaveAttribute('placeholder', SEARCH_PLACEHOLDER);
          expect(s.getByLabelText('Loading users')).toBeInTheDocument();
          const problem = s.queryByRole('alert');
          if (contextOf().draft.length > MAX_SEARCH_TEXT)
            expect(problem).toHaveTextContent(`Search text is at most ${MAX_SEARCH_TEXT} characters`);
          else expect(problem).toBeNull();
        },
        ready: async (s, { step }) => {
          expect(region()).toHaveAttribute('aria-busy', 'false');
          expectPage();
          const c = contextOf();
          // The page on screen is in the URL: Reload and Back come back to it.
          if (c.page > 0) expect(world.urls.at(-1)).toMatchObject({ cursor: c.cursor, page: c.page + 1 });
          else if (world.urls.length) expect(world.urls.at(-1)).not.toHaveProperty('cursor');
          if (c.notice) expect(s.getByRole('status', { name: 'List notice' })).toHaveTextContent(STALE_PAGE_NOTICE);
          else expect(s.queryByRole('status', { name: 'List notice' })).toBeNull();
          const search = s.getByRole('searchbox', { name: 'Search users' });
          expect(search).toHaveValue(c.search.q);
          // The search text committed after the pause is in the URL too.
          if (c.search.q) expect(world.urls.at(-1)).toMatchObject({ q: c.search.q });
          if (step?.event.type === 'query.set') {
            expect(world.urls.at(-1)).toEqual({ user_type: 'trial', sort: 'name' });
            const names = dataRows().map((r) => within(r).getByRole('link').textContent!);
            const lastNames = await world.server.db
              .selectFrom('users')
              .select(['first_name', 'last_name'])
              .where('username', 'like', 'b.%')
              .orderBy('last_name', 'desc')
              .orderBy('first_name', 'desc')
              .limit(1)
              .executeTakeFirstOrThrow();
            expect(names[0]).toBe(`${lastNames.first_name} ${lastNames.last_name}`);
          }
          const ticked = rowBoxes().filter((b) => b.getAttribute('data-state') === 'checked').length;
          if (c.selection.by === 'all') {
            expect(ticked).toBe(dataRows().length);
            expect(s.getByText(`All ${SEEDED} matching users are selected.`, { exact: false })).toBeInTheDocument();
            expect(s.getByRole('button', { name: `Bulk edit (${SEEDED})` })).toBeEnabled();
          } else {
            expect(ticked).toBe(c.rows.filter((r) => (c.selection as { ids: number[] }).ids.includes(r.id)).length);
            const n = c.selection.ids.length;
            const bulk = s.getByRole('button', { name: n ? `Bulk edit (${n})` : 'Bulk edit' });
            if (n) expect(bulk).toBeEnabled();
            else expect(bulk).toBeDisabled();
            if (ticked === dataRows().length) {
              expect(pageBox()).toHaveAttribute('data-state', 'checked');
              expect(
                s.getByText(`All ${ticked} users on this page are selected.`, { exact: false }),
              ).toBeInTheDocument();
            } else {
              expect(pageBox()).toHaveAttribute('data-state', ticked ? 'indeterminate' : 'unchecked');
              expect(s.queryByRole('button', { name: /^Select all \d+ matching/ })).toBeNull();
            }
          }
          if (step?.event.type === 'export.request') {
            // The export posts the list's filter and order; the page says when the file arrived
            // and how many rows it holds: every matching row.
            const child = world.list!.getSnapshot().children['export'] as AnyActorRef;
            await act(() => waitForActor(child, (x) => !x.hasTag('busy'), { timeout: Infinity }));
            expect(s.getByRole('status', { name: 'Export' })).toHaveTextContent(
              new RegExp(`^Downloaded ${SEEDED} rows \\(users-\\d{4}-\\d{2}-\\d{2}\\.csv\\)\\.$`),
            );
            const [file] = world.exports;
            expect(file!.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
            const lines = (await file!.blob.text()).trim().split('\r\n');
            expect(lines[0]!.replace(/^\uFEFF/, '')).toBe(EXPORT_COLUMNS.join(','));
            expect(lines).toHaveLength(1 + SEEDED);
          }
        },
        empty: (s) => {
          expect(dataRows()).toHaveLength(0);
          expect(s.getByText(/^No users match this search and these filters\.$/)).toBeInTheDocument();
          const c = contextOf();
          if (c.total === 0) expect(s.getByRole('status', { name: 'Rows shown' })).toHaveTextContent('0 users');
          expect(s.getByRole('button', { name: 'Next' })).toBeDisabled();
          if (c.prevCursor) expect(s.getByRole('button', { name: 'Previous' })).toBeEnabled();
          else expect(s.getByRole('button', { name: 'Previous' })).toBeDisabled();
        },
        failed: (s) => {
          expect(s.getByRole('alert')).toHaveTextContent(
            'The users could not be loaded. Error: no response from the server',
          );
          expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        },
        bulkEditing: (s) => {
          const dialog = s.getByRole('dialog', { name: 'Bulk edit users' });
          expect(dialog).toBeVisible();
        },
      },
    });
  });
});
