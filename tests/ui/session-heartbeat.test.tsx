// The session heartbeat on the assembled panel, against the real server with its default 15-minute
// idle timeout, on the fake clock the server reads too: someone reading a long screen (input,
// but no calls of their own) stays signed in; someone idle is signed out at the idle timeout.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleRoot, createConsoleApp, type ConsoleApp } from '../../src/app';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { MESSAGES } from '../../src/domain/auth';
import { HEARTBEATS_PER_IDLE_TIMEOUT } from '../../src/machines/session/session.machine';
import { checkSession } from '../../src/services/auth.service';
import { SUPPORT_FEATURES, type Staff } from '../support/login-world';
import { sleepReal } from '../support/real-timers';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

const MINUTE = 60_000;
const IDLE_MS = DEFAULT_APP_CONFIG.idle_timeout_ms;
const HEARTBEAT_MS = IDLE_MS / HEARTBEATS_PER_IDLE_TIMEOUT;

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;
let user: UserEvent;
/** API calls the page made: path and the (fake) time each was sent. */
let calls: { path: string; at: number }[];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  server = await createTestServer(); // SESSION_IDLE_SECONDS 900, as the page's idle timeout
  expect(server.config.sessionIdleSeconds * 1000).toBe(IDLE_MS);
  bridge = connectToServer(server);
  const viaServer = globalThis.fetch;
  calls = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ path: new URL(url, window.location.href).pathname, at: Date.now() });
    return viaServer(input, init);
  });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(async () => {
  app?.stop();
  app = undefined;
  bridge.disconnect();
  await server.close();
});

/** Waits in real time (the fake clock stays put) until the page shows what is asked. */
async function until<T>(find: () => T | null | undefined | false, what: string): Promise<T> {
  for (let waited = 0; ; waited += 5) {
    await act(async () => sleepReal(5));
    const found = find();
    if (found) return found;
    if (waited > 5_000) throw new Error(`timed out waiting for ${what}`);
  }
}

/** Calls on their way have been answered and drawn. */
async function settled() {
  await until(() => bridge.pending() === 0, 'the calls to be answered');
  await act(async () => sleepReal(0));
}

async function signIn(): Promise<Staff> {
  const staff = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
  app = createConsoleApp({
    config: DEFAULT_APP_CONFIG,
    history: createMemoryHistory({ initialEntries: ['/login'] }),
    load: () => {},
  });
  app.start();
  render(<ConsoleRoot app={app} />);
  await user.type(
    await until(() => screen.queryByRole('textbox', { name: 'Username' }), 'the sign-in form'),
    staff.username,
  );
  await user.type(screen.getByLabelText('Password'), `${staff.password}{Enter}`);
  const otp = await until(() => screen.queryByRole('textbox', { name: 'One-time code' }), 'the code box');
  await user.type(otp, `${server.totp(staff.totpSecret!)}{Enter}`);
  await until(() => screen.queryByRole('heading', { name: 'All Users' }), 'the root section');
  await settled();
  expect(app.value.session.getSnapshot().hasTag('authenticated')).toBe(true);
  calls.length = 0;
  return staff;
}

const sessionChecks = () => calls.filter((c) => c.path === '/session_check/');

describe('session heartbeat (assembled panel, real server, fake clock)', () => {
  it('someone active for 40 minutes without calls of their own stays signed in, and the server keeps the session', async () => {
    await signIn();
    const start = Date.now();
    for (let minute = 1; minute <= 40; minute++) {
      // Reading: the pointer moves now and then, a key is pressed; the screen makes no calls.
      if (minute % 2) await user.pointer({ target: document.body, coords: { x: minute, y: minute } });
      else await user.keyboard('{Shift}');
      await settled();
      await act(() => vi.advanceTimersByTimeAsync(MINUTE));
      await settled();
    }
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(app!.router.state.location.pathname).toBe('/user_list');
    // Only heartbeats went out, at most a heartbeat interval (and the minute to the next input) apart.
    expect(calls.length).toBe(sessionChecks().length);
    const times = [start, ...sessionChecks().map((c) => c.at), Date.now()];
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(HEARTBEAT_MS + MINUTE);
    expect(sessionChecks().length).toBeGreaterThanOrEqual(Math.floor((40 * MINUTE) / (HEARTBEAT_MS + MINUTE)));
    // The server's session is alive: a call now still finds it.
    expect(await checkSession()).toMatchObject({ status: true });
  });

  it('someone idle sends no heartbeat and sees the expiry message at the idle timeout', async () => {
    await signIn();
    const start = Date.now();
    for (let t = 0; t < IDLE_MS - MINUTE; t += MINUTE) {
      await act(() => vi.advanceTimersByTimeAsync(MINUTE));
      await settled();
    }
    await act(() => vi.advanceTimersByTimeAsync(MINUTE - 1));
    await settled();
    expect(calls).toEqual([]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The idle timeout: one check, which finds the server's session gone.
    await act(() => vi.advanceTimersByTimeAsync(1));
    const dialog = await until(() => screen.queryByRole('alertdialog'), 'the expiry message');
    expect(dialog).toHaveTextContent(MESSAGES.sessionExpired);
    expect(sessionChecks().map((c) => c.at - start)).toEqual([IDLE_MS]);
    expect(calls.length).toBe(1);
  });
});
