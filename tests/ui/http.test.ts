// The HTTP client against the real server: CSRF token from the cookie at request time, HTTP 403
// announced for a session re-check, and one retry when the server handed a new token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { checkSession, loginAccount, verifyOtp } from '../../src/services/auth.service';
import { fieldRefusalOf } from '../../src/domain/field-errors';
import { FieldRefusalError, HttpError, http, onForbidden, readCsrfToken, toFormData } from '../../src/services/http';
import { SUPPORT_FEATURES } from '../support/login-world';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
});
afterEach(async () => {
  bridge.disconnect();
  await server.close();
});

async function signIn() {
  const staff = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
  await loginAccount({ username: staff.username, password: staff.password });
  await verifyOtp({ username: staff.username, otp: server.totp(staff.totpSecret!) });
  return staff;
}

/** What the page sent and what came back, in order. */
function recordCalls() {
  const calls: { method: string; path: string; status: number }[] = [];
  const viaServer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await viaServer(input, init);
    calls.push({
      method: init?.method ?? 'GET',
      path: new URL(url, window.location.href).pathname,
      status: response.status,
    });
    return response;
  });
  return calls;
}

describe('http client', () => {
  it('a first call without a CSRF cookie is refused once, then goes through with the token that came with the refusal', async () => {
    expect(readCsrfToken()).toBeNull();
    const calls = recordCalls();
    const heard = vi.fn();
    const stop = onForbidden(heard);
    expect(await checkSession()).toEqual({ status: false });
    stop();
    expect(calls).toEqual([
      { method: 'POST', path: '/session_check/', status: 403 },
      { method: 'POST', path: '/session_check/', status: 200 },
    ]);
    expect(heard).not.toHaveBeenCalled(); // not a 403 the session machine hears of
    expect(readCsrfToken()).toBeTruthy();
  });

  it('signs in from a page without a CSRF cookie', async () => {
    const calls = recordCalls();
    const staff = await signIn();
    expect(readCsrfToken()).toBeTruthy();
    expect(await checkSession()).toMatchObject({ status: true, email: staff.email });
    expect(calls.map((c) => c.method)).not.toContain('GET');
    expect(calls.filter((c) => c.status === 403)).toHaveLength(1); // the first call only
  });

  it('announces an HTTP 403 and attaches the status', async () => {
    await signIn();
    const heard = vi.fn();
    const stop = onForbidden(heard);
    const body = toFormData({ data: JSON.stringify([{ category: 'user', action: 'viewed' }]) });
    const failure = await http('/log_data_in_es/', { method: 'POST', body }).catch((e: unknown) => e);
    stop();
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(403);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("throws a refused input as FieldRefusalError: the summary and each field's message, read by the machines' shape check", async () => {
    await signIn();
    const failure = await http('/login_account_new/', {
      method: 'POST',
      body: toFormData({ username: ' ', password: '' }),
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FieldRefusalError);
    expect((failure as FieldRefusalError).status).toBe(400);
    expect(fieldRefusalOf(failure)).toEqual({
      msg: '2 fields are not valid.',
      fields: { username: 'Enter your username.', password: 'Enter your password.' },
    });
    // A failure without fields stays a plain HttpError: the machines word it by its status.
    const plain = await http('/no_such_call/', { method: 'POST', body: toFormData({}) }).catch((e: unknown) => e);
    expect(plain).not.toBeInstanceOf(FieldRefusalError);
    expect(fieldRefusalOf(plain)).toBeNull();
  });

  it('retries once with the new token when the session cookie is gone, and reports no session', async () => {
    await signIn();
    bridge.cookies.delete(SESSION_COOKIE);
    const heard = vi.fn();
    const stop = onForbidden(heard);
    expect(await checkSession()).toEqual({ status: false });
    stop();
    expect(heard).not.toHaveBeenCalled();
  });
});
