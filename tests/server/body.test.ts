import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestReply } from '../../src/domain/auth';
import { CSRF_COOKIE, CSRF_FIELD } from '../../src/domain/constants';
import { createApp, type App } from '../../server/app';
import type { HonoEnv } from '../../server/context';
import { readBody, type BodyKind } from '../../server/http/body';
import { defineRoute } from '../../server/routes';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';

// Routes take form data unless they say JSON; both readers answer problems, never throw.
function echo(kind: BodyKind) {
  const app = new Hono<HonoEnv>();
  app.post('/', async (c) => c.json(await readBody(c, kind)));
  return (body: BodyInit | undefined, type?: string) =>
    Promise.resolve(
      app.request('http://localhost/', { method: 'POST', body, headers: type ? { 'content-type': type } : {} }),
    ).then((r) => r.json() as Promise<Record<string, unknown>>);
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
    expect(await send('a=1&b=two', 'application/x-www-form-urlencoded')).toEqual({
      ok: true,
      fields: { a: '1', b: 'two' },
    });
    const form = new FormData();
    form.append('a', '1');
    form.append('b', 'two');
    expect(await send(form)).toEqual({ ok: true, fields: { a: '1', b: 'two' } });
  });

  it('treats a call without a body as an empty form', async () => {
    expect(await send(undefined)).toEqual({ ok: true, fields: {} });
  });
});

// The route pipeline with a JSON-body route and a GET route taking query fields, as the coming
// calls of the spec need (redshift_configuration/ takes JSON; list pages take query fields).
describe('bodies and queries through the route pipeline', () => {
  let server: TestServer;
  let app: App;
  const seen: unknown[] = [];
  beforeAll(async () => {
    server = await createTestServer();
    const routes = [
      defineRoute({
        method: 'POST',
        path: '/json_echo/',
        access: 'public',
        body: 'json',
        summary: 'test: echoes its JSON input',
        schema: v.object({ name: v.pipe(v.string(), v.nonEmpty('Name it.')), tags: v.array(v.string()) }),
        handler: ({ c, input }) => (seen.push(input), c.json({ status: true, input })),
      }),
      defineRoute({
        method: 'GET',
        path: '/query_echo/',
        access: 'public',
        summary: 'test: echoes its query input',
        schema: v.object({
          page: v.pipe(v.string(), v.regex(/^\d+$/, 'A page number.'), v.transform(Number)),
          q: v.optional(v.string()),
        }),
        handler: ({ c, input }) => c.json({ status: true, input }),
      }),
    ];
    app = createApp({ db: server.db, config: server.config, routes });
  });
  afterAll(async () => {
    await server.close();
  });

  async function browser(): Promise<Browser> {
    const b = new Browser({ app });
    await b.open();
    return b;
  }

  it('hands a JSON route its parsed, validated object', async () => {
    const res = await (await browser()).send('POST', '/json_echo/', { json: { name: 'warehouse', tags: ['a', 'b'] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, input: { name: 'warehouse', tags: ['a', 'b'] } });
  });

  it('answers 400 with field errors for JSON the schema refuses, and for a body that is not JSON', async () => {
    const b = await browser();
    const bad = await b.send('POST', '/json_echo/', { json: { name: '', tags: 'x' } });
    expect(bad.status).toBe(400);
    const reply = v.parse(BadRequestReply, await bad.json());
    expect(reply.errors['name']).toEqual(['Name it.']);
    expect(reply.errors['tags']).toBeDefined();
    const form = await b.send('POST', '/json_echo/', { form: { name: 'x' } });
    expect(form.status).toBe(400);
    expect((await form.json())['msg']).toBe('Send this request as application/json.');
    const list = await b.send('POST', '/json_echo/', { body: '[1]', headers: { 'content-type': 'application/json' } });
    expect((await list.json())['msg']).toBe('The JSON body must be an object.');
  });

  it('takes the CSRF token of a JSON route from the header only, never from a body field', async () => {
    const b = await browser();
    const before = seen.length;
    const res = await b.send('POST', '/json_echo/', {
      csrf: false,
      json: { name: 'x', tags: [], [CSRF_FIELD]: b.cookie(CSRF_COOKIE) },
    });
    expect(res.status).toBe(403);
    expect(seen).toHaveLength(before);
  });

  it('hands a GET route its validated query fields, and answers 400 for bad ones', async () => {
    const b = await browser();
    const ok = await b.send('GET', '/query_echo/?page=3&q=ada');
    expect(await ok.json()).toEqual({ status: true, input: { page: 3, q: 'ada' } });
    const bad = await b.send('GET', '/query_echo/?page=three');
    expect(bad.status).toBe(400);
    expect(v.parse(BadRequestReply, await bad.json()).errors['page']).toEqual(['A page number.']);
  });
});
