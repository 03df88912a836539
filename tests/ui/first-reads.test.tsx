// A section's first read on a cold load (decision 105): sent with the session check, not after
// its answer, and its answer used by the section's own call; a 401 to it shows the sign-in screen
// and nothing of the data. Each entry of src/sections/first-reads.ts is held to the request its
// section really sends, so none is sent for nothing.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedBenchUsers } from '../../bench/user-data';
import type { ConsoleApp } from '../../src/app';
import { SESSION_STORAGE_KEY } from '../../src/domain/session';
import { REQUESTS_FIRST_PAGE, USER_LIST_FIRST_PAGE, firstReadsOf } from '../../src/sections/first-reads';
import { auditParams } from '../../src/sections/audit-log/audit-log.service';
import { auditQueryOf } from '../../src/sections/audit-log/audit-url';
import { queryOfParams } from '../../src/sections/broker-research/requests/requests-url';
import { searchFields } from '../../src/sections/user-list/user-list.search';
import { ListSearchSchema } from '../../src/sections/user-list/user-list.url';
import { callKey, dropEarlyCalls } from '../../src/services/prefetch';
import { closePanel, openPanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;
/** The API paths the page asked for, in order (before any hold). */
let asked: string[];
let realFetch: typeof fetch;

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
  realFetch = globalThis.fetch;
  asked = [];
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.push(new URL(url, 'http://localhost:3000').pathname);
    return realFetch(input, init);
  };
  await seedBenchUsers(server.db, { users: 5, orgs: 1 });
});
afterEach(async () => {
  globalThis.fetch = realFetch;
  dropEarlyCalls();
  await closePanel(bridge, server);
});

const USER_FEATURES = ['admin_panel_access', 'user_mgmt'];
const rowsShown = () => screen.queryByRole('status', { name: 'Rows shown' });

/** A new page load at `path` for a browser whose session cookie stands, with nothing stored in the page. */
async function coldLoad(path: string): Promise<void> {
  cleanup();
  app!.stop();
  localStorage.removeItem(SESSION_STORAGE_KEY);
  dropEarlyCalls(); // a new page starts with no early call held
  asked = [];
  app = openPanel(path);
}

describe('a section’s first read on a cold load', () => {
  it('is sent before the session check answers, and the list shows that answer', async () => {
    app = await openPanelAs(server, { username: 'lister', features: USER_FEATURES });
    const answerSessionCheck = bridge.park('/session_check');
    await coldLoad('/user_list');
    // The session check is still unanswered (parked), and the list's page is already asked for.
    await waitFor(() => expect(asked).toContain('/user/search_user/'));
    expect(asked).toContain('/session_check/');
    expect(screen.queryByRole('heading', { name: 'All Users' })).toBeNull();
    act(() => answerSessionCheck());
    await screen.findByRole('heading', { name: 'All Users' });
    await waitFor(() => expect(rowsShown()).not.toBeNull());
    expect(within(screen.getByRole('table')).getAllByRole('row').length).toBeGreaterThan(1);
    // The list's machine took the early answer: the page was asked for once.
    expect(asked.filter((p) => p === '/user/search_user/')).toHaveLength(1);
  });

  it('answered 401 shows the sign-in screen and none of the data', async () => {
    const answerSessionCheck = bridge.park('/session_check');
    app = openPanel('/user_list');
    await waitFor(() => expect(asked).toContain('/user/search_user/'));
    await waitFor(() => expect(bridge.pending()).toBe(1)); // the list's call answered (401); the check waits
    act(() => answerSessionCheck());
    expect(await screen.findByRole('textbox', { name: 'Username' })).toBeVisible();
    await waitFor(() => expect(app!.router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'All Users' })).toBeNull();
  });
});

describe('each section’s first read, as its section sends it', () => {
  const only = (path: string, search: Record<string, unknown>) =>
    firstReadsOf(path, search).map(([p, options]) => callKey(p, options));

  it('All Users: the first page at the list’s defaults', () => {
    const fields = searchFields(v.parse(ListSearchSchema, {}), '', true);
    expect(USER_LIST_FIRST_PAGE).toEqual(fields);
    expect(only('/user_list', {})).toHaveLength(1);
    expect(only('/user_list', { q: 'cora' })).toEqual([]);
  });

  it('Audit Log: the unfiltered first page', () => {
    expect(firstReadsOf('/audit_log', {}).map(([p]) => p)).toEqual([
      `/api/audit_log/?${auditParams({ ...auditQueryOf({}) })}`,
    ]);
    expect(only('/audit_log', { category: 'user' })).toEqual([]);
  });

  it('Broker Research Requests: the unfiltered first page and the brokers', () => {
    const q = queryOfParams({});
    expect(REQUESTS_FIRST_PAGE).toEqual({ ...q.filters, cursor: q.cursor });
    expect(firstReadsOf('/broker_research', { tab: 'requests' }).map(([p]) => p)).toEqual([
      '/api/researchreports/requests/list/',
      '/api/broker/',
    ]);
    expect(only('/broker_research', {})).toEqual([]);
  });

  it('Group Management: the organization the address names and its groups', () => {
    expect(firstReadsOf('/modify_groups', { org: 7 }).map(([p]) => p)).toEqual([
      '/user/get_user_organization/?id=7',
      '/user/fetch_group/',
    ]);
    expect(only('/modify_groups', {})).toEqual([]);
  });
});
