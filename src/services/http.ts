// The one HTTP client of the panel (spec §7): credentials included, Django-style CSRF token sent
// as header and form field, JSON parsed, the HTTP status attached to every failure, and HTTP 403
// announced so the session machine can re-check the session.
import { ofetch, type FetchContext } from 'ofetch';
import { CSRF_FIELD, CSRF_HEADER } from '../domain/constants';
import { csrfCookieName } from '../domain/cookies';
import type { FieldRefusal } from '../domain/field-errors';
import { callKey, claimEarly, startEarly } from './prefetch';

/** A failed call: `status` is the HTTP status, 0 when no response arrived. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(status ? `HTTP ${status}` : 'no response from the server');
  }
}

/**
 * A refused input (HTTP 400 naming fields, decision 042): `refusal` holds the summary and each
 * request field's message. Machines read it by shape (field-errors.ts fieldRefusalOf).
 */
export class FieldRefusalError extends HttpError {
  constructor(
    status: number,
    data: unknown,
    readonly refusal: FieldRefusal,
  ) {
    super(status, data);
  }
}

/** The refusal a 400 body carries, checked by hand: valibot stays out of the first load. */
function refusalOf(data: unknown): FieldRefusal | null {
  const d = data as { msg?: unknown; fields?: unknown } | null;
  if (!d || typeof d !== 'object' || typeof d.fields !== 'object' || d.fields === null) return null;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(d.fields)) if (typeof message === 'string') fields[key] = message;
  return { msg: typeof d.msg === 'string' ? d.msg : '', fields };
}

// ── 403 → session re-check: a tiny emitter the session machine subscribes to ──
type Listener = () => void;
const forbiddenListeners = new Set<Listener>();
export function onForbidden(listener: Listener): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

/**
 * Read at request time: the server rotates the token at sign-in. Over HTTPS the server names it
 * `__Host-csrftoken`; the bare name is the plain-HTTP (development) one, read only without it.
 */
export function readCsrfToken(): string | null {
  const jar = new Map<string, string>();
  for (const part of document.cookie.split(';')) {
    const [name = '', ...rest] = part.trim().split('=');
    jar.set(name, rest.join('='));
  }
  const token = jar.get(csrfCookieName(true)) ?? jar.get(csrfCookieName(false));
  return token === undefined ? null : decodeURIComponent(token);
}

function addCsrf({ options }: FetchContext): void {
  const token = readCsrfToken();
  if (!token) return;
  options.headers.set(CSRF_HEADER, token);
  if (options.body instanceof FormData) options.body.set(CSRF_FIELD, token);
}

const client = ofetch.create({
  credentials: 'include',
  retry: 0,
  onRequest: addCsrf,
});

/** A plain object body is sent as JSON (the token then travels in the header alone; Redshift, decision 054). */
type Options = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: FormData | Record<string, unknown> };

/**
 * Calls the API; throws HttpError on any failure. A 403 that came with a new CSRF token is tried
 * once more with the new token before it counts: the token is bound to the session cookie, so it
 * changes when the session cookie is gone, and a page served without one (the dev server's
 * index.html; the server's own carries it) gets its first from the answer to its first call.
 */
export function http<T = unknown>(path: string, options: Options = {}): Promise<T> {
  const call = () =>
    withFreshToken(() =>
      send(() => client<T>(path, { method: options.method ?? 'GET', body: options.body, responseType: 'json' })),
    );
  return claimEarly(callKey(path, options), call) ?? call();
}

/**
 * Sends a read ahead of the code that will ask for it (services/prefetch.ts): the first identical
 * http() call gets its answer. Its failures are kept for that call, so a 403 announces nothing here.
 */
export function prefetch(path: string, options: Options = {}): void {
  const key = callKey(path, options);
  startEarly(key, () =>
    send(() => client(path, { method: options.method ?? 'GET', body: options.body, responseType: 'json' })),
  );
}

/** A file the server answered with: its bytes, the name it gives it and, when it says, its rows. */
export interface ReceivedFile {
  blob: Blob;
  filename: string;
  rows: number | null;
}
/** The header an export names its data rows in (the server counts them before the first byte). */
export const EXPORT_ROWS_HEADER = 'X-Export-Rows';

/** Calls the API for a file (an export): failures as http's, the 403 retry too. */
export function httpFile(path: string, options: Options, fallbackName: string): Promise<ReceivedFile> {
  return withFreshToken(() =>
    send(async () => {
      const res = await client.raw<Blob, 'blob'>(path, {
        method: options.method ?? 'GET',
        body: options.body,
        responseType: 'blob',
      });
      const disposition = res.headers.get('Content-Disposition') ?? '';
      const rows = res.headers.get(EXPORT_ROWS_HEADER);
      return {
        blob: res._data ?? new Blob([]),
        filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName,
        rows: rows === null || !/^\d+$/.test(rows) ? null : Number(rows),
      };
    }),
  );
}

async function withFreshToken<T>(call: () => Promise<T>): Promise<T> {
  const sent = readCsrfToken();
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError && error.status === 403 && readCsrfToken() !== sent) {
      return await call().catch((again: unknown) => Promise.reject(announce(again)));
    }
    throw announce(error);
  }
}

async function send<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = (error as { response?: Response }).response?.status ?? 0;
    const data = (error as { data?: unknown }).data;
    const refusal = status === 400 ? refusalOf(data) : null;
    throw refusal ? new FieldRefusalError(status, data, refusal) : new HttpError(status, data);
  }
}

/** Spec §8: any HTTP 403 asks the session machine for a re-check. */
function announce(error: unknown): unknown {
  if (error instanceof HttpError && error.status === 403) for (const listener of [...forbiddenListeners]) listener();
  return error;
}

/** Form-data body of a plain record (spec §7: POST with form data). */
export function toFormData(fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return form;
}

export function statusOf(error: unknown): number {
  return error instanceof HttpError ? error.status : 0;
}
