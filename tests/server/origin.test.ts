import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOST_REFUSAL } from '../../server/http/hosts';
import { REFUSALS } from '../../server/http/replies';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';

// The Origin check of unsafe calls (decision 003); the route-table walk covers every route, this
// covers the rules: HTTPS without Origin, Referer, TRUST_PROXY.
let server: TestServer;
beforeEach(async () => {
  server = await createTestServer({
    config: {
      serverTypes: { app: 'https://console.example', testing: 'https://testing.example' },
      allowedHosts: ['localhost', 'console.example', 'testing.example', '10.0.0.7'],
    },
  });
});
afterEach(async () => {
  await server.close();
});

async function statusOf(base: string, headers: Record<string, string>, trustProxy = false): Promise<number> {
  const s = trustProxy ? await createTestServer({ config: { trustProxy: true } }) : server;
  try {
    const b = new Browser(s, base);
    await b.send('POST', '/session_check/', { csrf: false, origin: null, headers: { ...headers } });
    const res = await b.send('POST', '/session_check/', { origin: null, headers });
    if (res.status === 403) expect(await res.json()).toEqual({ status: false, msg: REFUSALS.origin });
    return res.status;
  } finally {
    if (trustProxy) await s.close();
  }
}

describe('the Origin check', () => {
  it('over HTTPS, needs an Origin or a same-origin HTTPS Referer', async () => {
    expect(await statusOf('https://console.example', { origin: 'https://console.example' })).toBe(200);
    expect(await statusOf('https://console.example', {})).toBe(403);
    expect(await statusOf('https://console.example', { referer: 'https://console.example/user_list?page=2' })).toBe(
      200,
    );
    expect(await statusOf('https://console.example', { referer: 'https://evil.example/' })).toBe(403);
    expect(await statusOf('https://console.example', { referer: 'http://console.example/' })).toBe(403);
    expect(await statusOf('https://console.example', { referer: 'not a url' })).toBe(403);
    // An Origin present decides alone: a fine Referer does not rescue a foreign Origin.
    expect(
      await statusOf('https://console.example', {
        origin: 'https://evil.example',
        referer: 'https://console.example/',
      }),
    ).toBe(403);
  });

  it('over plain HTTP without Origin, leaves the decision to the CSRF token', async () => {
    expect(await statusOf('http://localhost', {})).toBe(200);
    expect(await statusOf('http://localhost', { origin: 'http://evil.example' })).toBe(403);
  });

  it("trusts this server's configured base URL when the request arrives under another name", async () => {
    expect(await statusOf('http://10.0.0.7:8080', { origin: 'https://console.example' })).toBe(200);
    expect(await statusOf('http://10.0.0.7:8080', { origin: 'https://testing.example' })).toBe(403);
  });

  it('takes the scheme from X-Forwarded-Proto only when TRUST_PROXY is on', async () => {
    const proxied = { 'x-forwarded-proto': 'https', origin: 'https://localhost' };
    expect(await statusOf('http://localhost', proxied)).toBe(403);
    expect(await statusOf('http://localhost', proxied, true)).toBe(200);
    expect(await statusOf('http://localhost', { 'x-forwarded-proto': 'https' }, true)).toBe(403);
    expect(
      await statusOf('http://localhost', { 'x-forwarded-proto': 'https', referer: 'https://localhost/login' }, true),
    ).toBe(200);
  });
});

// ALLOWED_HOSTS (decision 068): a request addressed to another name is refused before anything
// else, and the Origin check trusts no origin outside the list, the configured base URL included.
describe('allowed hosts', () => {
  let strict: TestServer;
  beforeEach(async () => {
    strict = await createTestServer({
      config: {
        serverTypes: { app: 'https://console.example', testing: 'https://testing.example' },
        allowedHosts: ['localhost', '.corp.example'],
      },
    });
  });
  afterEach(async () => {
    await strict.close();
  });

  it('answers 400 to a host not allowed, before the session, the CSRF cookie or the route', async () => {
    for (const [method, url] of [
      ['GET', 'http://evil.example/'],
      ['POST', 'http://evil.example/session_check/'],
      ['POST', 'http://localhost.evil.example/login_account_new/'],
      ['GET', 'http://127.0.0.1:8080/session_check/'],
    ] as const) {
      const res = await strict.app.request(url, { method, headers: { origin: new URL(url).origin } });
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual({ status: false, msg: HOST_REFUSAL });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('refuses a Host header not allowed even when the address it arrived on is', async () => {
    const res = await strict.app.fetch(
      new Request('http://localhost/session_check/', { method: 'POST', headers: { host: 'evil.example' } }),
    );
    expect(res.status).toBe(400);
  });

  it('serves an allowed host on any port, in any case, and subdomains of a leading-dot entry', async () => {
    for (const base of [
      'http://localhost:8080',
      'http://LOCALHOST',
      'https://console.corp.example',
      'http://corp.example:9000',
      'http://a.b.corp.example',
    ]) {
      const b = new Browser(strict, base);
      await b.send('POST', '/session_check/', { csrf: false });
      expect((await b.send('POST', '/session_check/')).status, base).toBe(200);
    }
  });

  it('trusts its configured base URL only when its host is allowed', async () => {
    const b = new Browser(strict, 'http://localhost');
    await b.send('POST', '/session_check/', { csrf: false });
    const res = await b.send('POST', '/session_check/', { origin: 'https://console.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ status: false, msg: REFUSALS.origin });
  });
});
