// The header's Redirect-to menu: a fresh link token at click time, the tab opened at once.
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleActors } from '../../src/machines/live';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { linkoutMachine } from '../../src/machines/linkout/linkout.machine';
import { loginAccount, verifyOtp } from '../../src/services/auth.service';
import { mountConsole } from '../support/console-harness';
import { planPaths } from '../../src/workflows/paths';
import { SUPPORT_FEATURES, type Staff } from '../support/login-world';
import { flush, replayPath } from '../support/replay';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { linkoutPlan } from '../../src/machines/linkout/linkout.plan';

interface Tab {
  opener: unknown;
  location: { href: string };
  closed: boolean;
  close(): void;
}
interface World {
  server: TestServer;
  bridge: ServerBridge;
  staff: Staff;
  user: UserEvent;
  tabs: Tab[];
  actors?: ConsoleActors;
}
let world: World;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const server = await createTestServer();
  const bridge = connectToServer(server);
  const staff = await server.createStaff({
    username: 'linked',
    features: SUPPORT_FEATURES,
    allowedSt: ['app', 'testing'],
    activated: true,
  });
  world = { server, bridge, staff, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }), tabs: [] };
  // The browser's new tab, as far as the page can see it.
  vi.spyOn(window, 'open').mockImplementation(() => {
    const tab: Tab = {
      opener: window,
      location: { href: 'about:blank' },
      closed: false,
      close: () => void (tab.closed = true),
    };
    world.tabs.push(tab);
    return tab as unknown as Window;
  });
  await loginAccount({ username: staff.username, password: staff.password });
  await verifyOtp({ username: staff.username, otp: server.totp(staff.totpSecret!) });
});
afterEach(async () => {
  world.actors?.session.stop();
  world.bridge.disconnect();
  await world.server.close();
  vi.restoreAllMocks();
});

describe('linkout machine paths', () => {
  it.each(planPaths(linkoutPlan).map((p) => [p.name, p] as const))('%s', async (_n, path) => {
    await replayPath(path, {
      machine: linkoutMachine,
      bridge: world.bridge,
      world,
      calls: { openLinkedServer: '/session_check/' },
      actor: () => world.actors!.linkout,
      mount: async () => {
        world.actors = mountConsole('/user_list').actors;
        for (let i = 0; i < 100 && !screen.queryByRole('button', { name: /redirect to/i }); i++) await flush();
      },
      perform: {
        'linkout.choose': async () => {
          await world.user.click(screen.getByRole('button', { name: /redirect to/i }));
          await world.user.click(await screen.findByRole('menuitem', { name: 'testing' }));
        },
      },
      // Signed out elsewhere: the browser no longer holds the session.
      arrange: { failed: async () => void world.bridge.cookies.delete(SESSION_COOKIE) },
      expectations: {
        idle: (s, { step }) => {
          expect(s.getByRole('button', { name: /redirect to/i })).toBeEnabled();
          if (step?.outcome === 'opened') {
            const [tab] = world.tabs;
            expect(tab!.opener).toBeNull();
            expect(tab!.location.href).toMatch(/^http:\/\/localhost:8081\/redirect\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
          }
          if (step?.outcome === 'failed') {
            expect(world.tabs[0]!.closed).toBe(true);
            expect(s.getByRole('alert')).toHaveTextContent(
              'Could not open the other server: Error: your session has ended; sign in again',
            );
          }
        },
        opening: (s) => {
          // The tab is opened inside the click, before the token arrives.
          expect(world.tabs).toHaveLength(1);
          expect(world.tabs[0]!.location.href).toBe('about:blank');
          expect(s.getByRole('button', { name: /redirect to/i })).toBeDisabled();
        },
      },
    });
  });
});
