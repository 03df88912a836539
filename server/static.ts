// Serving the built SPA: hashed assets cached for a year, and index.html for any page address
// (client routes such as /user_list), carrying the app settings in a <meta> tag.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { APP_CONFIG_META, type AppConfig } from '../src/domain/app-config';
import { SESSION_RECHECK_MS } from '../src/domain/constants';
import { defaultProductName } from '../src/domain/product';
import { sessionIdleMs, type ServerConfig } from './config';
import type { App, HonoEnv } from './context';
import { leaveUnlogged } from './observability/requests';

export function appConfigFor(config: ServerConfig): AppConfig {
  return {
    environment: config.appEnv,
    server_type: config.serverType,
    product_key: config.productKey,
    product_name: config.productName ?? defaultProductName(config.productKey),
    idle_timeout_ms: sessionIdleMs(config),
    recheck_ms: SESSION_RECHECK_MS,
  };
}

/** Escapes JSON for a single-quoted HTML attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function injectAppConfig(html: string, config: AppConfig): string {
  const meta = `<meta name="${APP_CONFIG_META}" content='${attribute(JSON.stringify(config))}'>`;
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : `${meta}\n${html}`;
}

/**
 * True when a segment of the path names a dotfile or dot-folder (`/.vite/manifest.json`, `/.env`).
 * The build leaves such files in dist/ for tools (vite's manifest); they are not the panel's.
 */
function namesDotEntry(requestPath: string): boolean {
  let decoded = requestPath;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    // A broken escape is checked as it stands; serveStatic refuses it anyway.
  }
  return [requestPath, decoded].some((p) => p.split(/[\\/]/).some((segment) => segment.startsWith('.')));
}

/**
 * serveStatic for dir, with Cache-Control on the files it finds (its onFound runs too late to set
 * headers). Dotfiles and dot-folders are never served. A file served is not logged one by one (a
 * page load asks for dozens); one missing is.
 */
function filesWithCache(dir: string, cacheControl: string): [MiddlewareHandler<HonoEnv>, MiddlewareHandler<HonoEnv>] {
  const found = new WeakSet<Context>();
  const files = serveStatic({ root: dir, precompressed: true, onFound: (_path, c) => void found.add(c) });
  return [
    async (c, next) => {
      await next();
      if (!found.has(c)) return;
      c.res.headers.set('Cache-Control', cacheControl);
      leaveUnlogged(c);
    },
    // The build writes .br and .gz beside each asset; browsers get the smallest they accept.
    (c, next) => (namesDotEntry(c.req.path) ? next() : files(c, next)),
  ];
}

/** Vite's hashed files under /assets never change, so browsers may keep them for a year. */
export function mountAssets(app: App, dir: string): void {
  const [cache, files] = filesWithCache(dir, 'public, max-age=31536000, immutable');
  // A missing asset is a 404, never the page: a stale tab asking for an old chunk must see it fail.
  app.get('/assets/*', cache, files, (c) => c.json({ status: false, msg: 'Not found.' }, 404));
}

/**
 * Browsers ask for pages with text/html; API clients and scripts do not get the page by accident.
 * `*\/*` (what probes and curl send) gets it for a page address (`/login`), never for a file name
 * (`/favicon.ico`, `/.env`).
 */
function wantsHtml(accept: string | undefined, requestPath: string): boolean {
  if (accept?.includes('text/html')) return true;
  const last = requestPath.split('/').pop() ?? '';
  return (accept?.includes('*/*') ?? false) && !last.includes('.');
}

/** Other files of dist/ (favicon…), then index.html for page addresses no API route claimed. */
export function mountSpaFallback(app: App, dir: string, config: ServerConfig): void {
  const indexFile = path.join(dir, 'index.html');
  const appConfig = appConfigFor(config);
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    try {
      const { mtimeMs } = statSync(indexFile);
      if (!cached || cached.mtimeMs !== mtimeMs)
        cached = { mtimeMs, html: injectAppConfig(readFileSync(indexFile, 'utf8'), appConfig) };
      return cached.html;
    } catch {
      return null;
    }
  };
  const serveIndex = (c: Context<HonoEnv>, next: Next) => {
    const html = indexHtml();
    if (html === null) return next();
    leaveUnlogged(c);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };
  app.get('*', (c, next) => (c.req.path === '/' || c.req.path === '/index.html' ? serveIndex(c, next) : next()));
  const [cache, files] = filesWithCache(dir, 'public, max-age=3600');
  app.get('*', cache, files);
  app.get('*', (c, next) => (wantsHtml(c.req.header('accept'), c.req.path) ? serveIndex(c, next) : next()));
}
