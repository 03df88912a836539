// The HTTP client against the real server: CSRF token from the cookie at request time, HTTP 403
// announced for a session re-check, and one retry when the server handed a new token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { checkSession, loginAccount, verifyOtp } from '../../src/services/auth.service';
import { HttpError, http, onForbidden, readCsrfToken, toFormData } from '../../src/services/http';
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

describe('http client', () => {
  it('fetches a CSRF token before the first unsafe call and signs in with it', async () => {
    expect(readCsrfToken()).toBeNull();
    const staff = await signIn();
    expect(readCsrfToken()).toBeTruthy();
    expect(await checkSession()).toMatchObject({ status: true, email: staff.email });
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
