// Generated paths of a record's History tab, replayed on the real view against the real server: a
// user's history (their edits, a welcome email, their sign-in attempts; 60 entries, so older ones
// are a second page) read or not, then tried again; older entries read, or not and said.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { writeAuditMany, type AuditEntry } from '../../server/audit';
import { auditCategoryLabel } from '../../src/domain/audit-log';
import { recordHistoryMachine } from '../../src/sections/record-history/record-history.machine';
import { recordHistoryPlan } from '../../src/sections/record-history/record-history.plan';
import type { RecordHistoryContext } from '../../src/sections/record-history/record-history.types';
import {
  RecordHistoryCtx,
  RecordHistoryScope,
  RecordHistoryView,
} from '../../src/sections/record-history/record-history-view';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';

const HISTORY = '/api/audit_log/history/';
const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  userId: number;
  history: AnyActorRef | null;
}
let world: World;

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'keeper',
    features: ['admin_panel_access', 'user_mgmt'],
  });
  await server.createStaff({ username: 'ada', features: [] });
  const userId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'ada').executeTakeFirstOrThrow()
  ).id;
  const now = Date.now();
  const entries: AuditEntry[] = Array.from({ length: 60 }, (_, i): AuditEntry => {
    const at = now - 86_400_000 + i * 60_000;
    if (i % 3 === 0)
      return {
        category: 'user',
        author: 'admin',
        action: `user changed: ada (#${userId})`,
        at,
        success: true,
        record: { kind: 'user', id: userId },
        previous: { last_name: `Byron ${i}` },
        current: { last_name: `Lovelace ${i}` },
      };
    if (i % 3 === 1)
      return {
        category: 'user',
        author: 'admin',
        action: 'welcome email',
        at,
        success: true,
        record: { kind: 'user', id: userId },
        current: { email: 'ada@example.com' },
      };
    return { category: 'auth', author: 'ada', action: 'password rejected', at, success: false };
  });
  // Someone else's entry, never shown here.
  entries.push({
    category: 'user',
    author: 'admin',
    action: 'user changed: someone else',
    at: now,
    success: true,
    record: { kind: 'user', id: userId + 1000 },
  });
  await writeAuditMany(server.db, entries);
  const { actors, user } = await signIn('/user_list');
  world = { server, bridge, user, actors, userId, history: null };
});

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  renderInConsole(
    world.actors,
    <RecordHistoryScope kind="user" id={world.userId}>
      <ActorProbe hook={RecordHistoryCtx.useActorRef} keep={(ref) => (world.history = ref)} />
      <RecordHistoryView />
    </RecordHistoryScope>,
  );
}

const context = () => world.history!.getSnapshot().context as RecordHistoryContext;
const online = async () => world.bridge.setOffline(false);

/** The record's entries as the server holds them, newest first: the actions. */
async function stored(): Promise<string[]> {
  const rows = await world.server.db
    .selectFrom('audit_log')
    .select('action')
    .where('record_kind', '=', 'user')
    .where('record_id', '=', world.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.action);
}

function driver(): Driver<World> {
  return {
    machine: recordHistoryMachine,
    bridge: world.bridge,
    world,
    calls: { loadHistory: HISTORY, loadMore: HISTORY },
    mount: async () => mount(),
    actor: () => world.history!,
    perform: {
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'history.more': async () => world.user.click(screen.getByRole('button', { name: 'Load more' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [HISTORY]),
      moreFailed: async () => world.bridge.setOffline(true, [HISTORY]),
    },
    afterOutcome: { loadFailed: online, moreFailed: online },
    expectations: {
      loading: (s) => {
        expect(s.getByRole('status', { name: 'Loading history' })).toHaveTextContent('Loading history…');
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The history could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      shown: async (s, { step }) => {
        const items = within(s.getByRole('list', { name: 'History' })).getAllByRole('listitem');
        const all = await stored();
        expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(all.slice(0, items.length));
        expect(items).toHaveLength(context().next === null ? all.length : 50);
        // Each entry says when, who and what, and its change field by field.
        const e = context().entries[0]!;
        expect(items[0]).toHaveTextContent(auditCategoryLabel(e.category));
        expect(items[0]).toHaveTextContent(`by ${e.author}`);
        const edit = items.find((i) => i.getAttribute('aria-label')!.startsWith('user changed'))!;
        expect(within(edit).getByRole('row', { name: 'Last name' })).toHaveTextContent(
          /^Last nameByron \d+Lovelace \d+$/,
        );
        const signIn = items.find((i) => i.getAttribute('aria-label') === 'password rejected')!;
        expect(signIn).toHaveTextContent('Failed');
        expect(s.queryByRole('button', { name: 'Load more' }) !== null).toBe(context().next !== null);
        const notice = s.queryByRole('status', { name: 'History notice' });
        if (step?.outcome === 'moreFailed')
          expect(notice).toHaveTextContent(`The history could not be loaded. ${NO_ANSWER}`);
        else expect(notice).toBeNull();
      },
      loadingMore: (s) => {
        expect(s.getByRole('button', { name: 'Loading…' })).toBeDisabled();
      },
    },
  };
}

describePaths("recordHistory machine paths (a user's History tab, real server)", recordHistoryPlan, { driver });
