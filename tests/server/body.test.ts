import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { HonoEnv } from '../../server/context';
import { readBody, type BodyKind } from '../../server/http/body';

// Routes take form data unless they say JSON; both readers answer problems, never throw.
function echo(kind: BodyKind) {
  const app = new Hono<HonoEnv>();
  app.post('/', async (c) => c.json(await readBody(c, kind)));
  return (body: BodyInit | undefined, type?: string) =>
    Promise.resolve(app.request('http://localhost/', { method: 'POST', body, headers: type ? { 'content-type': type } : {} })).then((r) => r.json() as Promise<Record<string, unknown>>);
}

describe('reading a JSON body', () => {
  const send = echo('json');

  it('gives the fields of a JSON object', async () => {
    expect(await send('{"a":1,"b":["x"]}', 'application/json')).toEqual({ ok: true, fields: { a: 1, b: ['x'] } });
  });

  it.each([
    ['malformed JSON', '{"a":', 'application/json'],
    ['a JSON list', '[1,2]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['form data', 'a=1', 'application/x-www-form-urlencoded'],
    ['no content type', '{"a":1}', undefined],
  ])('refuses %s', async (_what, body, type) => {
    expect((await send(body, type))['ok']).toBe(false);
  });
});

describe('reading a form body', () => {
  const send = echo('form');

  it('reads urlencoded and multipart alike', async () => {
    expect(await send('a=1&b=two', 'application/x-www-form-urlencoded')).toEqual({ ok: true, fields: { a: '1', b: 'two' } });
    const form = new FormData();
    form.append('a', '1');
    form.append('b', 'two');
    expect(await send(form)).toEqual({ ok: true, fields: { a: '1', b: 'two' } });
  });

  it('treats a call without a body as an empty form', async () => {
    expect(await send(undefined)).toEqual({ ok: true, fields: {} });
  });
});
