// Early calls (decision 105): a section's first read, started before the code that reads it is
// there (with the session check on a cold load, when the pointer rests on a menu link). Each is
// kept under the exact request it sends and handed once to the first identical call of http();
// an answer of 401 or 403 is never handed on (the caller asks again itself, as without it), an
// unclaimed one is dropped after EARLY_CALL_TTL_MS, and a different request never matches.

/** How long an unclaimed early answer may still stand for a fresh one. */
export const EARLY_CALL_TTL_MS = 10_000;

export interface CallShape {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: FormData | Record<string, unknown>;
}

interface Early {
  promise: Promise<unknown>;
  at: number;
}

const early = new Map<string, Early>();

/** One text per request: method, path and body (form fields in their order, or the JSON). */
export function callKey(path: string, { method = 'GET', body }: CallShape = {}): string {
  let text = '';
  if (body instanceof FormData) {
    const pairs: string[][] = [];
    body.forEach((value, key) => pairs.push([key, typeof value === 'string' ? value : `\u0000file:${value.name}`]));
    text = new URLSearchParams(pairs).toString();
  } else if (body) text = JSON.stringify(body);
  return `${method} ${path} ${text}`;
}

/** Whether an early answer is of no use to the caller: the session's answer decides, not this one. */
const refused = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
};

/** Starts `send` for this request unless the same one is already out and fresh. */
export function startEarly(key: string, send: () => Promise<unknown>, now = Date.now()): void {
  const held = early.get(key);
  if (held && now - held.at < EARLY_CALL_TTL_MS) return;
  const entry: Early = { promise: send(), at: now };
  early.set(key, entry);
  entry.promise.catch((error: unknown) => {
    if (refused(error) && early.get(key) === entry) early.delete(key);
  });
}

/**
 * The early call for this request, claimed (no one else gets it), or null. A claimed call that
 * is refused (401/403) is replaced by `again()`, the caller's own call, which then behaves as
 * it would have without the early one.
 */
export function claimEarly<T>(key: string, again: () => Promise<T>, now = Date.now()): Promise<T> | null {
  const held = early.get(key);
  if (!held) return null;
  early.delete(key);
  if (now - held.at >= EARLY_CALL_TTL_MS) return null;
  return (held.promise as Promise<T>).catch((error: unknown) => (refused(error) ? again() : Promise.reject(error)));
}

/** Forgets every early call (sign-out; tests). */
export function dropEarlyCalls(): void {
  early.clear();
}
