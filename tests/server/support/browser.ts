// A minimal browser for API tests: keeps cookies between calls the way a browser would and
// sends the CSRF token from the CSRF cookie, as the panel's HTTP client does. Each browser
// connects from an address of its own (as a Node server's socket would report it), unless told.
import { CSRF_HEADER } from '../../../src/domain/constants';
import { csrfCookieName } from '../../../src/domain/cookies';
import type { TestServer } from '../../support/server';

export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const a of attrs) {
    const i = a.indexOf('=');
    if (i === -1) attributes[a.toLowerCase()] = true;
    else attributes[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

export function setCookiesOf(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map(parseSetCookie);
}

export type Fields = Record<string, string>;

let browsersMade = 0;

/** 10.x.y.z, a new one for each browser. */
export function nextAddress(): string {
  const n = ++browsersMade;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly server: Pick<TestServer, 'app'>,
    private readonly origin = 'http://localhost',
    /** The address the server sees the connection come from; null: no socket at all. */
    readonly address: string | null = nextAddress(),
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private remember(res: Response): void {
    for (const c of setCookiesOf(res)) {
      const expired =
        c.attributes['max-age'] === '0' ||
        (typeof c.attributes['expires'] === 'string' && Date.parse(c.attributes['expires']) < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /**
   * Sends a request with the jar's cookies; `csrf: false` leaves the token out. Like a browser, an
   * unsafe request names the page's origin in Origin (this browser's origin unless `origin` says
   * otherwise; null leaves the header out).
   */
  async send(
    method: string,
    path: string,
    opts: {
      form?: Fields;
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
      csrf?: boolean;
      origin?: string | null;
    } = {},
  ): Promise<Response> {
    const headers = new Headers(opts.headers);
    const origin = opts.origin === undefined ? this.origin : opts.origin;
    if (method !== 'GET' && method !== 'HEAD' && origin !== null && !headers.has('origin'))
      headers.set('origin', origin);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '));
    // As the panel does: the prefixed cookie when the server set one (HTTPS), else the bare one.
    const token = this.cookies.get(csrfCookieName(true)) ?? this.cookies.get(csrfCookieName(false));
    if (opts.csrf !== false && token && !headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, token);
    let body: BodyInit | undefined = opts.body;
    if (opts.form) body = new URLSearchParams(opts.form);
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers.set('content-type', 'application/json');
    }
    const env = this.address === null ? undefined : { incoming: { socket: { remoteAddress: this.address } } };
    const res = await this.server.app.request(`${this.origin}${path}`, { method, headers, body }, env);
    this.remember(res);
    return res;
  }

  post(path: string, form?: Fields): Promise<Response> {
    return this.send('POST', path, { form });
  }

  async postJson<T = Record<string, unknown>>(path: string, form?: Fields): Promise<T> {
    const res = await this.post(path, form);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Fetches a CSRF cookie the way the page does on load (any response hands one out). */
  async open(): Promise<void> {
    await this.send('POST', '/session_check/', { csrf: false });
  }
}
