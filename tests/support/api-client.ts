// A second browser, talking to a server directly (not through the page): used to prepare the
// world, e.g. to sign in on another server type and take its link token.
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER } from '../../src/domain/constants';
import type { TestServer } from './server';

export function apiClient(server: TestServer, origin = 'http://localhost:8080') {
  const jar = new Map<string, string>();
  const send = async (path: string, method: 'GET' | 'POST', fields: Record<string, string> = {}) => {
    const headers = new Headers();
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const token = jar.get(CSRF_COOKIE);
    let body: URLSearchParams | undefined;
    if (method === 'POST') {
      body = new URLSearchParams({ ...fields, ...(token ? { [CSRF_FIELD]: token } : {}) });
      headers.set('content-type', 'application/x-www-form-urlencoded');
    }
    if (token) headers.set(CSRF_HEADER, token);
    const response = await server.app.fetch(new Request(`${origin}${path}`, { method, headers, body }));
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value) jar.set(pair.slice(0, eq), value);
      else jar.delete(pair.slice(0, eq));
    }
    return {
      status: response.status,
      json: (await response.json().catch(() => null)) as Record<string, unknown> | null,
    };
  };
  return {
    send,
    async signIn(staff: { username: string; password: string; totpSecret?: string }) {
      await send('/session_check/', 'GET');
      await send('/login_account_new/', 'POST', { username: staff.username, password: staff.password });
      const reply = await send('/login_tfa_new/', 'POST', {
        username: staff.username,
        otp: server.totp(staff.totpSecret!),
      });
      if (reply.json?.['status'] !== true)
        throw new Error(`sign-in of ${staff.username} failed: ${JSON.stringify(reply.json)}`);
    },
    async linkToken(): Promise<string> {
      const reply = await send('/session_check/', 'POST');
      const token = reply.json?.['jwt_token'];
      if (typeof token !== 'string' || !token) throw new Error(`no link token: ${JSON.stringify(reply.json)}`);
      return token;
    },
  };
}
