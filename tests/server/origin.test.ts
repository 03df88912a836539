import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../server/http/replies';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';

// The Origin check of unsafe calls (decision 003); the route-table walk covers every route, this
// covers the rules: HTTPS without Origin, Referer, TRUST_PROXY.
let server: TestServer;
beforeEach(async () => {
  server = await createTestServer({ config: { serverTypes: { app: 'https://console.example', testing: 'https://testing.example' } } });
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
    expect(await statusOf('https://console.example', { referer: 'https://console.example/user_list?page=2' })).toBe(200);
    expect(await statusOf('https://console.example', { referer: 'https://evil.example/' })).toBe(403);
    expect(await statusOf('https://console.example', { referer: 'http://console.example/' })).toBe(403);
    expect(await statusOf('https://console.example', { referer: 'not a url' })).toBe(403);
    // An Origin present decides alone: a fine Referer does not rescue a foreign Origin.
    expect(await statusOf('https://console.example', { origin: 'https://evil.example', referer: 'https://console.example/' })).toBe(403);
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
    expect(await statusOf('http://localhost', { 'x-forwarded-proto': 'https', referer: 'https://localhost/login' }, true)).toBe(200);
  });
});
