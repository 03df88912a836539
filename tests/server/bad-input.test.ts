import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BadRequestReply } from '../../src/domain/auth';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/domain/constants';
import { MAX_BODY_BYTES } from '../../server/http/body';
import { ROUTES } from '../../server/route-table';
import { routePath, type Route } from '../../server/routes';
import { serverForFile } from './support/fresh-server';
import { Browser } from './support/browser';
import { passwordStep, signIn } from './support/sign-in';
import { FEATURE_KEYS } from '../../src/domain/features';

const file = serverForFile();
let counter = 0;

async function callerFor(route: Route): Promise<Browser> {
  const staff = await file.server.createStaff({
    username: `fuzz${++counter}`,
    features: [...FEATURE_KEYS],
    activated: true,
  });
  if (route.access === 'pending_otp') return passwordStep(file.server, staff);
  if (route.access === 'public') {
    const b = new Browser(file.server);
    await b.open();
    return b;
  }
  return signIn(file.server, staff);
}

const BOUNDARY = 'xyzBOUNDARYxyz';
/**
 * Bodies no client should send. Each is refused with 400 (or 413), never a 500 — except that a
 * well-formed form naming none of a route's fields is a fine request to a route whose fields are
 * all optional (search_user/ with no filters lists everyone).
 */
const BAD_BODIES: [string, { body: BodyInit; type?: string; wellFormed?: true }][] = [
  ['an empty form', { body: '', type: 'application/x-www-form-urlencoded', wellFormed: true }],
  ['malformed JSON where form data is expected', { body: '{"username": ', type: 'application/json' }],
  ['valid JSON where form data is expected', { body: '{"username":"a","password":"b"}', type: 'application/json' }],
  ['plain text', { body: 'username=a&password=b', type: 'text/plain' }],
  ['no content type', { body: 'username=a' }],
  [
    'a truncated multipart body',
    {
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin`,
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    },
  ],
  ['multipart without a boundary', { body: 'garbage', type: 'multipart/form-data' }],
  [
    'a file where text is expected',
    {
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="username"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nadmin\r\n--${BOUNDARY}--\r\n`,
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      wellFormed: true,
    },
  ],
  [
    'repeated fields',
    {
      body: 'username=a&username=b&password=x&password=y&otp=1&otp=2&token=a&token=b&data=1&data=2&hx=1&hx=2&ck=1&ck=2',
      type: 'application/x-www-form-urlencoded',
      wellFormed: true,
    },
  ],
  [
    'over-long values',
    {
      body: new URLSearchParams({
        username: 'u'.repeat(5000),
        password: 'p'.repeat(5000),
        otp: '1'.repeat(500),
        token: 't'.repeat(10_000),
        data: '['.repeat(1000),
        hx: 'h'.repeat(10_000),
        ck: 'c'.repeat(1000),
      }).toString(),
      type: 'application/x-www-form-urlencoded',
      wellFormed: true,
    },
  ],
];

const withSchema = ROUTES.filter((r) => r.schema && r.method !== 'GET');
const acceptsEmpty = (route: Route) => v.safeParse(route.schema!, {}).success;

describe.each(withSchema.map((r) => [`${r.method} ${r.path}`, r] as const))('bad input to %s', (_name, route) => {
  it.each(BAD_BODIES)('answers %s with 400', async (_what, { body, type, wellFormed }) => {
    const b = await callerFor(route);
    const res = await b.send(route.method, routePath(route, file.server.config.productKey), {
      body,
      headers: type ? { 'content-type': type } : {},
    });
    if (wellFormed && acceptsEmpty(route)) {
      expect(res.status).toBeLessThan(500);
      if (res.status === 200) return;
    }
    expect(res.status).toBe(400);
    const reply = v.parse(BadRequestReply, await res.json());
    expect(reply.status).toBe(false);
    // Every message is words a person reads, never the schema library's own.
    expect(Object.values(reply.fields).join(' ')).not.toMatch(/Invalid \w+: (Expected|Received)/);
  });

  it('decodes broken percent-escapes leniently, as browsers do, without a file.server error', async () => {
    const b = await callerFor(route);
    const res = await b.send(route.method, routePath(route, file.server.config.productKey), {
      body: 'username=%E0%A4%A&password=%&otp=%zz&token=%&data=%5&hx=%&ck=%',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBeLessThan(500);
  });

  // The route's own cap: MAX_BODY_BYTES unless it declares more (decision 045).
  it('refuses a body over the size cap with 413', async () => {
    const b = await callerFor(route);
    expect(route.maxBody).toBeGreaterThanOrEqual(MAX_BODY_BYTES);
    const res = await b.send(route.method, routePath(route, file.server.config.productKey), {
      body: `password=${'x'.repeat(route.maxBody + 10)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(413);
  });

  it('refuses a streamed body over the size cap (no Content-Length) with 413', async () => {
    const b = await callerFor(route);
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > route.maxBody + chunk.length) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const headers = new Headers({
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...b.cookies].map(([k, val]) => `${k}=${val}`).join('; '),
    });
    headers.set(CSRF_HEADER, b.cookie(CSRF_COOKIE)!);
    const res = await file.server.app.request('http://localhost' + routePath(route, file.server.config.productKey), {
      method: route.method,
      body: stream,
      headers,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe('field errors', () => {
  it('names each invalid field with its message from the shared schema', async () => {
    const b = new Browser(file.server);
    await b.open();
    const res = await b.post('/login_account_new/', { username: '   ', password: '' });
    expect(res.status).toBe(400);
    const reply = v.parse(BadRequestReply, await res.json());
    expect(reply.errors['username']).toEqual(['Enter your username.']);
    expect(reply.errors['password']).toEqual(['Enter your password.']);
    expect(reply.fields).toEqual({ username: 'Enter your username.', password: 'Enter your password.' });
    expect(reply.msg).toBe('2 fields are not valid.');
  });

  it('words a limit the schema states without a message of its own, naming the field by its path', async () => {
    const staff = await file.server.createStaff({
      username: `lim${++counter}`,
      features: [...FEATURE_KEYS],
      activated: true,
    });
    const b = await signIn(file.server, staff);
    const res = await b.post('/user/get_valid_username_new/', { first_name: 'f'.repeat(151), last_name: 'Lee' });
    expect(res.status).toBe(400);
    expect(v.parse(BadRequestReply, await res.json())).toMatchObject({
      msg: 'At most 150 characters.',
      fields: { first_name: 'At most 150 characters.' },
    });
    const nested = await b.post('/user/check_emails_validity/', {
      emails: JSON.stringify(['a@example.com', 'x'.repeat(300)]),
    });
    expect(v.parse(BadRequestReply, await nested.json()).fields).toEqual({ 'emails.1': 'At most 254 characters.' });
  });

  it('gives every 400 a field map, also the refusals a route words itself', async () => {
    const staff = await file.server.createStaff({
      username: `fm${++counter}`,
      features: [...FEATURE_KEYS],
      activated: true,
    });
    const b = await signIn(file.server, staff);
    const res = await b.post('/user/update_user_tags/', { action: 'create', name: '  ' });
    expect(res.status).toBe(400);
    const reply = v.parse(BadRequestReply, await res.json());
    expect(Object.keys(reply.fields)).toEqual(Object.keys(reply.errors));
  });

  it('checks the code format before anything else', async () => {
    const staff = await file.server.createStaff({
      username: `fmt${++counter}`,
      features: ['admin_panel_access'],
      activated: true,
    });
    const b = await passwordStep(file.server, staff);
    const reply = v.parse(
      BadRequestReply,
      await (await b.post('/login_tfa_new/', { username: staff.username, otp: '12ab' })).json(),
    );
    expect(reply.errors['otp']).toEqual(['Enter the 6-digit code.']);
  });

  it('rejects client log data that is not a JSON list of entries, storing nothing', async () => {
    const staff = await file.server.createStaff({
      username: `log${++counter}`,
      features: ['admin_panel_access', 'update_logs'],
      activated: true,
    });
    const b = await signIn(file.server, staff);
    const before = await file.server.db.selectFrom('audit_log').select('id').execute();
    for (const data of [
      'not json',
      '{"category":"user"}',
      '[]',
      JSON.stringify([
        { category: 'user', action: 'ok' },
        { category: 'nope', action: 'x' },
      ]),
    ]) {
      const res = await b.post('/log_data_in_es/', { data });
      expect(res.status).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, await res.json()).errors).length).toBeGreaterThan(0);
    }
    expect(await file.server.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });

  // PostgreSQL refuses NUL in text, so these once reached the database as a file.server error there.
  it('refuses control characters in a username with a field error, on every sign-in step', async () => {
    const staff = await file.server.createStaff({
      username: `ctl${++counter}`,
      features: ['admin_panel_access'],
      activated: true,
    });
    const b = new Browser(file.server);
    await b.open();
    for (const username of ['le\u0000na', 'le\u0007na', 'lena\u001b[0m', 'le\u007fna', 'le\u0085na']) {
      const res = await b.post('/login_account_new/', { username, password: 'whatever' });
      expect(res.status, JSON.stringify(username)).toBe(400);
      expect(v.parse(BadRequestReply, await res.json()).errors['username']).toEqual([
        'The username cannot contain control characters.',
      ]);
    }
    const pending = await passwordStep(file.server, staff);
    const otp = await pending.post('/login_tfa_new/', {
      username: `${staff.username}\u0000`,
      otp: file.server.totp(staff.totpSecret!),
    });
    expect(otp.status).toBe(400);
    // Leading and trailing blanks are still trimmed, as before.
    expect(
      (await b.postJson('/login_account_new/', { username: ` ${staff.username}\t`, password: staff.password }))[
        'status'
      ],
    ).toBe(true);
  });

  it('refuses control characters in a client log action or origin, storing nothing', async () => {
    const staff = await file.server.createStaff({
      username: `ctl${++counter}`,
      features: ['admin_panel_access', 'update_logs'],
      activated: true,
    });
    const b = await signIn(file.server, staff);
    const before = await file.server.db.selectFrom('audit_log').select('id').execute();
    for (const entry of [
      { category: 'user', action: 'a\u0000b' },
      { category: 'user', action: 'ok', origin: 'panel\u0000' },
    ]) {
      const res = await b.post('/log_data_in_es/', { data: JSON.stringify([entry]) });
      expect(res.status).toBe(400);
      const errors = v.parse(BadRequestReply, await res.json()).errors;
      expect(Object.values(errors).flat().join(' ')).toMatch(/cannot contain control characters/);
    }
    expect(await file.server.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });

  it('stores any text inside client log data, NUL included, as it came', async () => {
    const staff = await file.server.createStaff({
      username: `ctl${++counter}`,
      features: ['admin_panel_access', 'update_logs'],
      activated: true,
    });
    const b = await signIn(file.server, staff);
    const previous = { 'note\u0000': 'a\u0000b', list: ['\u0001', '\ud800'], nested: { text: 'tab\tnew\nline' } };
    const current = 'x\u0000';
    const res = await b.post('/log_data_in_es/', {
      data: JSON.stringify([
        { category: 'user', action: 'edited a note', previous_data: previous, current_data: current },
      ]),
    });
    expect(res.status).toBe(200);
    const row = await file.server.db
      .selectFrom('audit_log')
      .select(['previous_data', 'current_data'])
      .where('author', '=', staff.username)
      .where('action', '=', 'edited a note')
      .executeTakeFirstOrThrow();
    expect(row.previous_data).not.toContain('\u0000'); // no raw NUL reached the database
    expect(JSON.parse(row.previous_data!)).toEqual(previous);
    expect(JSON.parse(row.current_data!)).toBe(current);
  });

  it('answers JSON 404 for an unknown API call', async () => {
    const b = new Browser(file.server);
    await b.open();
    const res = await b.post('/no_such_call/');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: false, msg: 'Not found.' });
  });

  // Decision 065: the spec's "generic POST to any given path" reaches the route table and nothing
  // else, even for a session holding every feature: no proxy, no path tricks, no other method.
  it('answers 404 to a fully privileged session for any path or method outside the route table', async () => {
    const staff = await file.server.createStaff({
      username: `generic${++counter}`,
      features: [...FEATURE_KEYS],
      activated: true,
    });
    const b = await signIn(file.server, staff);
    const outside = [
      '/user/generic_post/',
      '/api/proxy/?url=http%3A%2F%2F127.0.0.1%3A5432%2F',
      '/user/fetch_group/../../etc/passwd',
      '/user/fetch_group%2F..%2F..%2Fapi%2Fas%2F',
      '/user/send_invite_email/',
      '//user/fetch_group/',
    ];
    for (const path of outside) {
      const res = await b.post(path, { user_id: '1' });
      expect(res.status, path).toBe(404);
    }
    const getOnly = ROUTES.find((r) => r.method === 'GET' && r.access !== 'public')!;
    const wrongMethod = await b.send('DELETE', routePath(getOnly, file.server.config.productKey));
    expect(wrongMethod.status).toBe(404);
  });
});
