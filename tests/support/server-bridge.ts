// Routes the page's fetch to the real server in-process, as a browser would: a cookie jar that
// keeps HttpOnly cookies away from the page and mirrors the readable ones (csrftoken) into
// document.cookie. A gate can hold answers back, so a test can look at a 'busy' state.
import { vi } from 'vitest';
import type { TestServer } from './server';

interface Cookie {
  value: string;
  httpOnly: boolean;
}

const ORIGIN = 'http://localhost:3000';

export interface ServerBridge {
  server: TestServer;
  /** Cookies the browser holds (HttpOnly included). */
  cookies: Map<string, Cookie>;
  /** Answers wait until release() is called; only calls to these paths when given (added to a hold under way). */
  hold(paths?: string[]): void;
  release(): void;
  /**
   * Answers to calls to this path wait until the returned function is called, whatever hold()
   * and release() do meanwhile: a call that stays under way across several steps.
   */
  park(path: string): () => void;
  /** Number of calls still on their way (held or being answered). */
  pending(): number;
  /** The server cannot be reached (network down): calls (to these paths) fail without an answer. */
  setOffline(offline: boolean, paths?: string[]): void;
  /** Sets what the page can read (not what the jar sends): a page-side CSRF token gone stale. */
  setPageCookie(name: string, value: string): void;
  /** Mirrors the jar into document.cookie again. */
  syncPageCookies(): void;
  disconnect(): void;
}

function parseSetCookie(header: string): { name: string; value: string; httpOnly: boolean; expired: boolean } {
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq);
  const value = pair.slice(eq + 1);
  const lower = attrs.map((a) => a.toLowerCase());
  const maxAge = lower.find((a) => a.startsWith('max-age='));
  const expires = attrs.find((a) => a.toLowerCase().startsWith('expires='));
  const expired =
    (maxAge !== undefined && Number(maxAge.slice(8)) <= 0) ||
    (expires !== undefined && Date.parse(expires.slice(8)) <= Date.now()) ||
    value === '';
  return { name, value, httpOnly: lower.includes('httponly'), expired };
}

/** The test page's FormData is not undici's: re-encode it as multipart for the server's Request. */
async function toNodeBody(body: unknown): Promise<{ body?: BodyInit; type?: string }> {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') return { body };
  if (body instanceof URLSearchParams) return { body: body.toString(), type: 'application/x-www-form-urlencoded' };
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const boundary = `----bridge${Math.random().toString(16).slice(2)}`;
    const chunks: Uint8Array[] = [];
    const enc = new TextEncoder();
    for (const [key, value] of body.entries()) {
      if (typeof value === 'string') {
        chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
      } else {
        const file = value as File;
        chunks.push(
          enc.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${file.name}"\r\nContent-Type: ${file.type || 'application/octet-stream'}\r\n\r\n`,
          ),
        );
        chunks.push(new Uint8Array(await file.arrayBuffer()));
        chunks.push(enc.encode('\r\n'));
      }
    }
    chunks.push(enc.encode(`--${boundary}--\r\n`));
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return { body: out, type: `multipart/form-data; boundary=${boundary}` };
  }
  throw new Error(`server-bridge: unsupported body ${Object.prototype.toString.call(body)}`);
}

export function connectToServer(server: TestServer): ServerBridge {
  const cookies = new Map<string, Cookie>();
  let gate: { promise: Promise<void>; open: () => void; paths?: string[] } | null = null;
  const parked = new Set<{ path: string; promise: Promise<void>; open: () => void }>();
  let inFlight = 0;
  let connected = true;
  let offline: false | { paths?: string[] } = false;

  const syncPageCookies = () => {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
    for (const [name, c] of cookies) if (!c.httpOnly) document.cookie = `${name}=${c.value}; path=/`;
  };

  const fetchViaServer = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    inFlight++;
    try {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        window.location.href,
      );
      if (url.origin !== new URL(ORIGIN).origin && url.origin !== window.location.origin)
        throw new TypeError(`Failed to fetch ${url.href}`);
      const headers = new Headers(init.headers);
      const { body, type } = await toNodeBody(init.body);
      if (type) headers.set('content-type', type);
      const cookieHeader = [...cookies].map(([n, c]) => `${n}=${c.value}`).join('; ');
      if (cookieHeader) headers.set('cookie', cookieHeader);
      if (gate && (!gate.paths || gate.paths.some((p) => url.pathname.startsWith(p)))) await gate.promise;
      for (const p of [...parked]) if (url.pathname.startsWith(p.path)) await p.promise;
      if (offline && (!offline.paths || offline.paths.some((p) => url.pathname.startsWith(p))))
        throw new TypeError('Failed to fetch');
      const request = new Request(url.href, { method: init.method ?? 'GET', headers, body });
      const response = await server.app.fetch(request);
      if (!connected) return response; // a late answer for a page that is gone
      // Like a browser, the page's view of the cookies changes only when the server sets one.
      for (const header of response.headers.getSetCookie()) {
        const c = parseSetCookie(header);
        if (c.expired) cookies.delete(c.name);
        else cookies.set(c.name, { value: c.value, httpOnly: c.httpOnly });
        if (c.httpOnly) continue;
        document.cookie = c.expired
          ? `${c.name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
          : `${c.name}=${c.value}; path=/`;
      }
      return response;
    } finally {
      inFlight--;
    }
  };

  vi.stubGlobal('fetch', fetchViaServer);
  // A new browser: nothing left from an earlier page.
  cookies.clear();
  syncPageCookies();

  return {
    server,
    cookies,
    hold(paths) {
      // Held already: calls to these paths are held too.
      if (gate) {
        gate.paths = paths && gate.paths ? [...gate.paths, ...paths] : undefined;
        return;
      }
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open, paths };
    },
    release() {
      gate?.open();
      gate = null;
    },
    park(path) {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      const entry = { path, promise, open };
      parked.add(entry);
      return () => {
        parked.delete(entry);
        open();
      };
    },
    pending: () => inFlight,
    setOffline(value, paths) {
      offline = value ? { paths } : false;
    },
    setPageCookie(name, value) {
      document.cookie = `${name}=${value}; path=/`;
    },
    syncPageCookies,
    disconnect() {
      connected = false;
      gate?.open();
      gate = null;
      for (const p of parked) p.open();
      parked.clear();
      vi.unstubAllGlobals();
    },
  };
}
