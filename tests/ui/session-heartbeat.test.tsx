// The session heartbeat on the assembled panel, against the real server with its default 15-minute
// idle timeout, on the fake clock the server reads too: someone reading a long screen (input,
// but no calls of their own) stays signed in; someone idle is warned a minute before and signed
// out at the idle timeout, counted from the last thing the server heard, never later.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleRoot, createConsoleApp, type ConsoleApp } from '../../src/app';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { MESSAGES } from '../../src/domain/auth';
import { heartbeatMs, IDLE_WARNING_MS } from '../../src/machines/session/session.machine';
import { checkSession } from '../../src/services/auth.service';
import { idleWarningText } from '../../src/ui/session/idle-warning-dialog';
import { SUPPORT_FEATURES, type Staff } from '../support/login-world';
import { sleepReal } from '../support/real-timers';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

const MINUTE = 60_000;
const IDLE_MS = DEFAULT_APP_CONFIG.idle_timeout_ms;
const HEARTBEAT_MS = heartbeatMs(IDLE_MS);

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;
let user: UserEvent;
/** API calls the page made: path, the (fake) time each was sent, and whether it asked to count as activity. */
let calls: { path: string; at: number; renew: boolean }[];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  server = await createTestServer(); // SESSION_IDLE_SECONDS 900, as the page's idle timeout
  expect(server.config.sessionIdleSeconds * 1000).toBe(IDLE_MS);
  bridge = connectToServer(server);
  const viaServer = globalThis.fetch;
  calls = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init?.body instanceof FormData ? init.body : null;
    calls.push({
      path: new URL(url, window.location.href).pathname,
      at: Date.now(),
      renew: body?.get('activity') !== 'false',
    });
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

/** Time passes for someone idle: in steps, each step's calls answered before the next. */
async function idleFor(ms: number) {
  for (let left = ms; left > 0; left -= 10_000) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(10_000, left)));
    await settled();
  }
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

  it('someone idle is warned a minute before and signed out at the idle timeout; the panel looks without renewing', async () => {
    await signIn();
    const start = Date.now();
    await idleFor(IDLE_MS - IDLE_WARNING_MS - 1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const warning = await until(() => screen.queryByRole('alertdialog', { name: 'Still there?' }), 'the warning');
    expect(warning).toHaveTextContent(idleWarningText(60));
    expect(within(warning).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    // The idle timeout: the session has ended on the server, and the panel says so.
    await idleFor(IDLE_WARNING_MS);
    const expired = await until(() => screen.queryByRole('alertdialog', { name: 'Session expired' }), 'the expiry');
    expect(expired).toHaveTextContent(MESSAGES.sessionExpired);
    expect(Date.now() - start).toBe(IDLE_MS);
    // Only looks went out, none of them counted as activity.
    expect(calls.length).toBe(sessionChecks().length);
    expect(calls.every((c) => !c.renew)).toBe(true);
  });

  it('counts the idle time from the last thing the server heard, and ends the session then, not an idle timeout later', async () => {
    await signIn();
    const start = Date.now();
    // The person stops; a moment later a call of theirs reaches the server (a slow answer, another tab).
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await checkSession()).toMatchObject({ status: true });
    calls.length = 0;
    await idleFor(IDLE_MS - IDLE_WARNING_MS - 1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await idleFor(10_001);
    await until(() => screen.queryByRole('alertdialog', { name: 'Still there?' }), 'the warning');
    await idleFor(IDLE_WARNING_MS);
    await until(() => screen.queryByRole('alertdialog', { name: 'Session expired' }), 'the expiry');
    // The look that found the session gone went out at its idle end (this test lets time pass in
    // 10-second steps), not an idle timeout after the panel's first look.
    const found = sessionChecks().at(-1)!.at - start;
    expect(found).toBeGreaterThanOrEqual(IDLE_MS + 10_000);
    expect(found).toBeLessThanOrEqual(IDLE_MS + 20_000);
    expect(calls.every((c) => !c.renew)).toBe(true);
  });

  it('Stay signed in keeps the session for a whole idle timeout more', async () => {
    await signIn();
    await idleFor(IDLE_MS - IDLE_WARNING_MS);
    const warning = await until(() => screen.queryByRole('alertdialog', { name: 'Still there?' }), 'the warning');
    await user.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    await settled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sessionChecks().at(-1)).toMatchObject({ renew: true });
    const stayedAt = Date.now();
    // Nothing more from the person: the server's session lasts the idle timeout from the click.
    await idleFor(IDLE_MS - IDLE_WARNING_MS);
    await until(() => screen.queryByRole('alertdialog', { name: 'Still there?' }), 'the second warning');
    await idleFor(IDLE_WARNING_MS);
    await until(() => screen.queryByRole('alertdialog', { name: 'Session expired' }), 'the expiry');
    const found = sessionChecks().at(-1)!.at - stayedAt;
    expect(found).toBeGreaterThanOrEqual(IDLE_MS);
    expect(found).toBeLessThanOrEqual(IDLE_MS + 10_000);
  });
});
