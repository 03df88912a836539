// Reads a request body once, as the route expects it: form data (urlencoded or multipart) or
// JSON. Anything malformed or of another type becomes a 400, never a throw. (Size is capped
// before this by the bodyLimit middleware in app.ts.)
import type { Context } from 'hono';
import { jsonValueProblem } from '../../src/domain/wire-input';
import type { BodyRead, HonoEnv } from '../context';

/** Requests larger than this are refused before they are read. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyKind = 'form' | 'json';

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function isFormType(type: string): boolean {
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

async function read(c: Context<HonoEnv>, kind: BodyKind): Promise<BodyRead> {
  const type = mediaType(c);
  try {
    if (kind === 'json') {
      if (type !== 'application/json') return { ok: false, msg: 'Send this request as application/json.' };
      const value: unknown = JSON.parse(await c.req.text());
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return { ok: false, msg: 'The JSON body must be an object.' };
      }
      // Bounded before any schema or message walks it (src/domain/wire-input.ts).
      if (jsonValueProblem(value, { nul: true }) === 'depth')
        return { ok: false, msg: 'The JSON body is nested too deeply.' };
      // Without a prototype, as form data is read: a field named `toString` or `__proto__` is only a field.
      return { ok: true, fields: Object.assign(Object.create(null) as Record<string, unknown>, value) };
    }
    // A form call may arrive with no body at all (e.g. session_check/ sends nothing).
    if (type === '' && (await c.req.text()) === '') return { ok: true, fields: {} };
    if (!isFormType(type)) return { ok: false, msg: 'Send this request as form data.' };
    return { ok: true, fields: await c.req.parseBody({ all: true }) };
  } catch {
    return { ok: false, msg: kind === 'json' ? 'The body is not valid JSON.' : 'The form data could not be read.' };
  }
}

/** The body, read at most once per request whichever middleware asks first. */
export function readBody(c: Context<HonoEnv>, kind: BodyKind): Promise<BodyRead> {
  let pending = c.get('body');
  if (!pending) c.set('body', (pending = read(c, kind)));
  return pending;
}

/** The form field a CSRF token may travel in, when the body is form data. */
export async function formField(c: Context<HonoEnv>, name: string): Promise<string | undefined> {
  if (!isFormType(mediaType(c))) return undefined;
  const body = await readBody(c, 'form');
  const value = body.ok ? body.fields[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}
