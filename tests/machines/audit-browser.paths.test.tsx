// Generated paths of the Audit Log, replayed on the real view against the real server: a page of
// entries (200 of them: users changed, groups created, sign-ins refused; then the auditor's own sign-in) read or not; narrowed to
// the user category through the filters; the next page; an entry opened as its change field by
// field (or not read, then tried again) and put away.
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { writeAuditMany, type AuditEntry } from '../../server/audit';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { AUDIT_PAGE_SIZE, auditCategoryLabel, auditCursorText } from '../../src/domain/audit-log';
import { auditBrowserMachine } from '../../src/machines/audit-browser/audit-browser.machine';
import { auditBrowserPlan } from '../../src/machines/audit-browser/audit-browser.plan';
import type { AuditBrowserContext } from '../../src/machines/audit-browser/audit-browser.types';
import type { ConsoleActors } from '../../src/machines/live';
import { ConsoleContext } from '../../src/ui/console-context';
import { AuditBrowserCtx, AuditLogScreen } from '../../src/ui/audit-log/audit-log-screen';
import { UrlParamsContext, type UrlParams as AuditParams } from '../../src/ui/shared/url-params';
import { planPaths } from '../../src/workflows/paths';
import { replayPath, type Driver } from '../support/replay';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { startSignedInConsole, stopConsole } from '../support/signed-in-console';

const LIST = '/api/audit_log/';
const ENTRY = '/api/audit_log/entry/';
const NO_ANSWER = 'Error: no response from the server';

interface World {
  server: TestServer;
  bridge: ServerBridge;
  user: UserEvent;
  actors: ConsoleActors;
  browser: AnyActorRef | null;
}
let world: World;

beforeEach(async () => {
  const server = await createTestServer();
  const bridge = connectToServer(server);
  const staff = await server.createStaff({
    username: 'auditor',
    features: ['admin_panel_access', 'audit_log_tab'],
    activated: true,
  });
  const now = Date.now();
  // Oldest first: a user changed every other entry, between them a group created or a sign-in refused.
  const entries: AuditEntry[] = Array.from({ length: 200 }, (_, i): AuditEntry => {
    const at = now - 86_400_000 + i * 60_000;
    if (i % 2 === 0)
      return {
        category: 'user',
        author: 'admin',
        action: `user changed: ada${i} (#${i + 1000})`,
        at,
        success: true,
        record: { kind: 'user', id: i + 1000 },
        previous: { first_name: 'Ada' },
        current: { first_name: `Grace ${i}` },
      };
    if (i % 4 === 1)
      return {
        category: 'group',
        author: 'lead',
        action: `group created: Desk ${i}`,
        at,
        success: true,
        current: { name: `Desk ${i}` },
      };
    return { category: 'auth', author: 'stranger', action: 'password rejected', at, success: false };
  });
  await writeAuditMany(server.db, entries);
  const actors = await startSignedInConsole(server, staff, '/audit_log');
  world = { server, bridge, user: userEvent.setup(), actors, browser: null };
});

afterEach(async () => {
  stopConsole(world.actors);
  world.bridge.disconnect();
  await world.server.close();
});

/** The screen's URL, kept in memory. */
function Url({ children }: { children: ReactNode }) {
  const [params, setParams] = useState<AuditParams>({});
  return (
    <UrlParamsContext.Provider value={{ params, setParams: (next) => setParams(next) }}>
      {children}
    </UrlParamsContext.Provider>
  );
}

function mount(): void {
  function Probe() {
    world.browser = AuditBrowserCtx.useActorRef();
    return null;
  }
  render(
    <Theme>
      <ConsoleContext.Provider value={{ ...world.actors, config: DEFAULT_APP_CONFIG }}>
        <Url>
          <AuditLogScreen probe={<Probe />} />
        </Url>
      </ConsoleContext.Provider>
    </Theme>,
  );
}

const context = () => world.browser!.getSnapshot().context as AuditBrowserContext;

/** The page the server holds for the query, newest first: the actions. */
async function expectedPage(): Promise<string[]> {
  const { category, cursor } = context().query;
  let q = world.server.db
    .selectFrom('audit_log')
    .select(['action', 'created_at', 'id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (category) q = q.where('category', '=', category);
  const all = await q.execute();
  const start = cursor
    ? all.findIndex((r) => auditCursorText({ at: Number(r.created_at), id: Number(r.id) }) === cursor) + 1
    : 0;
  return all.slice(start, start + AUDIT_PAGE_SIZE).map((r) => r.action);
}

const online = async () => world.bridge.setOffline(false);
const rows = (s: typeof screen) =>
  within(s.getByRole('table', { name: 'Audit entries' }))
    .getAllByRole('row')
    .slice(1);

function driver(): Driver<World> {
  return {
    machine: auditBrowserMachine,
    bridge: world.bridge,
    world,
    calls: { loadPage: LIST, loadEntry: ENTRY },
    mount: async () => mount(),
    actor: () => world.browser!,
    perform: {
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'query.set': async ({ step }) => {
        const query = step.event['query'] as { category: string; cursor: string };
        if (query.cursor === 'next') {
          await world.user.click(screen.getByRole('button', { name: 'Next' }));
        } else {
          await world.user.selectOptions(screen.getByLabelText('Category'), query.category);
          await world.user.click(screen.getByRole('button', { name: 'Search' }));
        }
      },
      'entry.open': async () => world.user.click(within(rows(screen)[0]!).getByRole('button', { name: 'Changes' })),
      'entry.retry': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retry' })),
      'entry.close': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [LIST]),
      entryFailed: async () => world.bridge.setOffline(true, [ENTRY]),
    },
    afterOutcome: { loadFailed: online, entryFailed: online },
    expectations: {
      loading: (s) => {
        expect(s.getByRole('status', { name: 'Loading entries' })).toHaveTextContent('Loading entries…');
        expect(s.queryByRole('table', { name: 'Audit entries' })).toBeNull();
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The audit log could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      'browsing.closed': async (s, { step }) => {
        expect(s.queryByRole('dialog')).toBeNull();
        const { entries, query } = context();
        const shown = rows(s);
        expect(shown.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual(entries.map((e) => e.action));
        expect(entries.map((e) => e.action)).toEqual(await expectedPage());
        // Each row says its category in words, its result, and the record it names.
        const first = shown[0]!;
        expect(within(first).getAllByRole('cell')[1]).toHaveTextContent(auditCategoryLabel(entries[0]!.category));
        expect(within(first).getByLabelText('Result')).toHaveTextContent(entries[0]!.success ? 'Success' : 'Failed');
        expect(s.getByLabelText('Category')).toHaveValue(query.category);
        if (query.category === 'user') {
          for (const r of shown) expect(within(r).getAllByRole('cell')[1]).toHaveTextContent('User');
          expect(within(first).getAllByRole('cell')[4]).toHaveTextContent(/^User #\d+$/);
        }
        let counted = world.server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n'));
        if (query.category) counted = counted.where('category', '=', query.category);
        const total = Number((await counted.executeTakeFirstOrThrow()).n);
        expect(s.getByRole('status', { name: 'Entries found' })).toHaveTextContent(
          new RegExp(`^${total} entries${query.cursor ? ' \\(a later page\\)' : ''}$`),
        );
        expect(s.queryByRole('button', { name: 'First page' }) !== null).toBe(query.cursor !== '');
        if (step?.event.type === 'entry.close') expect(context().openId).toBeNull();
      },
      'browsing.opening': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('status', { name: 'Loading entry' })).toHaveTextContent(
          'Loading the entry…',
        );
        expect(within(s.getByRole('dialog')).getByRole('button', { name: 'Close' })).toBeDisabled();
      },
      'browsing.open': async (s) => {
        const dialog = s.getByRole('dialog');
        const e = context().entries.find((x) => x.id === context().openId)!;
        expect(within(dialog).getByRole('heading')).toHaveTextContent(e.action);
        const stored = await world.server.db
          .selectFrom('audit_log')
          .selectAll()
          .where('id', '=', e.id)
          .executeTakeFirstOrThrow();
        const current = JSON.parse(stored.current_data ?? 'null') as Record<string, string> | null;
        if (e.category === 'user') {
          const row = within(dialog).getByRole('row', { name: 'First name' });
          expect(row).toHaveTextContent(`First nameAda${current!['first_name']}`);
        } else if (e.category === 'group') {
          expect(within(dialog).getByRole('row', { name: 'Name' })).toHaveTextContent(
            `Name(not set)${current!['name']}`,
          );
        } else {
          expect(dialog).toHaveTextContent('No field changed in this entry.');
        }
        expect(dialog).toHaveTextContent(`by ${e.author}`);
      },
      'browsing.entryFailed': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
          `This entry could not be loaded. ${NO_ANSWER}`,
        );
      },
    },
  };
}

describe('auditBrowser machine paths (Audit Log, real server)', () => {
  it.each(planPaths(auditBrowserPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, driver());
  });
});
