// Generated paths of the Audit Log, replayed on the real view against the real server: a page of
// entries (200 of them: users changed, groups created, sign-ins refused; then the auditor's own sign-in) read or not; narrowed to
// the user category through the filters; the next page; an entry opened as its change field by
// field (or not read, then tried again) and put away.
import { screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { writeAuditMany, type AuditEntry } from '../../server/audit';
import { AUDIT_PAGE_SIZE, auditCategoryLabel, auditCursorText } from '../../src/domain/audit-log';
import { auditBrowserMachine } from '../../src/sections/audit-log/audit-log.machine';
import { auditBrowserPlan } from '../../src/sections/audit-log/audit-log.plan';
import type { AuditBrowserContext } from '../../src/sections/audit-log/audit-log.types';
import { AuditBrowserCtx, AuditLogScreen } from '../../src/sections/audit-log/audit-log-screen';
import { UrlParamsContext, type UrlParams as AuditParams } from '../../src/ui/shared/url-params';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openSignedInWorld,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';

const LIST = '/api/audit_log/';
const ENTRY = '/api/audit_log/entry/';
const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  browser: AnyActorRef | null;
}
let world: World;

async function seed(server: SignedInWorld['server']): Promise<void> {
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
}

beforeEach(async () => {
  world = {
    ...(await openSignedInWorld(
      { username: 'auditor', features: ['admin_panel_access', 'audit_log_tab'], path: '/audit_log' },
      seed,
    )),
    browser: null,
  };
});

afterEach(() => closeSignedInWorld(world));

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
  renderInConsole(
    world.actors,
    <Url>
      <AuditLogScreen probe={<ActorProbe hook={AuditBrowserCtx.useActorRef} keep={(ref) => (world.browser = ref)} />} />
    </Url>,
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

describePaths('auditBrowser machine paths (Audit Log, real server)', auditBrowserPlan, { driver });
