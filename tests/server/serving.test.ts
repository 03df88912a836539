import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig, APP_CONFIG_META } from '../../src/domain/app-config';
import { CSRF_COOKIE } from '../../src/domain/constants';
import { createApp, type App } from '../../server/app';
import { createTestServer, type TestServer } from '../support/server';
import { setCookiesOf } from './support/browser';

let server: TestServer;
let app: App;
let dist: string;
beforeAll(async () => {
  server = await createTestServer({ config: { sessionIdleSeconds: 120, productKey: 'acme' } });
  dist = mkdtempSync(path.join(tmpdir(), 'staff-console-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Staff Console</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As the build writes them: compressed copies beside the asset.
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What `vite build --manifest` leaves beside the panel, and other dotfiles a deployment may hold.
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-abc123.js"}}');
  writeFileSync(path.join(dist, '.env'), 'SECRET=dotfile');
  writeFileSync(path.join(dist, 'assets', '.hidden.js'), 'dot-asset');
  app = createApp({ db: server.db, config: server.config, staticDir: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (p: string, accept = 'text/html,application/xhtml+xml') =>
  app.request(`http://localhost${p}`, { headers: { accept } });

function metaConfig(html: string): AppConfig {
  const m = new RegExp(`<meta name="${APP_CONFIG_META}" content='([^']*)'>`).exec(html);
  if (!m) throw new Error('no app-config meta');
  return v.parse(
    AppConfig,
    JSON.parse(m[1]!.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')),
  );
}

describe('serving the panel', () => {
  it('serves index.html with the app settings and a CSRF cookie', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(metaConfig(html)).toEqual({
      environment: 'test',
      server_type: 'app',
      product_key: 'acme',
      product_name: 'Acme',
      idle_timeout_ms: 120_000,
      recheck_ms: 3_600_000,
    });
    expect(setCookiesOf(res).map((c) => c.name)).toContain(CSRF_COOKIE);
  });

  it('answers client routes with index.html', async () => {
    for (const p of ['/login', '/user_list', '/redirect?token=abc', '/modify_groups/7']) {
      const res = await page(p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable, without cookies', async () => {
    const res = await page('/assets/index-abc123.js', '*/*');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await page('/assets/missing.js', '*/*')).status).toBe(404);
  });

  it('sends the compressed copy the browser accepts', async () => {
    const asset = (encoding: string) =>
      app.request('http://localhost/assets/index-abc123.js', { headers: { 'accept-encoding': encoding } });
    const br = await asset('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('console.log(1)');
    expect((await asset('gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await asset('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('serves other files of dist/', async () => {
    const res = await page('/favicon.svg', 'image/*');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<svg');
  });

  it('never serves dotfiles or dot-folders of dist/', async () => {
    for (const p of [
      '/.vite/manifest.json',
      '/.env',
      '/assets/.hidden.js',
      '/%2Evite/manifest.json',
      '/assets/%2Ehidden.js',
    ]) {
      for (const accept of ['*/*', 'application/json', 'text/html']) {
        const res = await page(p, accept);
        const body = await res.text();
        expect(body, `${p} (${accept})`).not.toMatch(/assets\/index-abc123\.js|SECRET=dotfile|dot-asset/);
        // Page addresses get the panel (which then shows its own not-found view); anything else is a 404.
        if (accept === 'text/html' && !p.startsWith('/assets/')) expect(body).toContain('<div id="root">');
        else expect(res.status).toBe(404);
      }
    }
  });

  it('keeps API answers as JSON, not the page', async () => {
    const res = await app.request('http://localhost/session_check/', {
      method: 'POST',
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/json');
    const api404 = await app.request('http://localhost/no_such_call/', { headers: { accept: 'application/json' } });
    expect(api404.status).toBe(404);
  });

  it('sends the security headers', async () => {
    const res = await page('/');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data:");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The link token in /redirect?token=… never leaves as a referrer to another site.
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const secure = await app.request('https://console.example/');
    expect(secure.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
