// Redshift Configuration (decision 054): the one configuration read with who saved it last,
// saved from the version it was read at (a save in between is told: 409 with the configuration
// now), each save one transaction with its 'redshift configuration' audit row; a strict JSON body
// (non-booleans, missing and unknown keys refused by name, a body over 1 MB refused before it is
// read, never a 500); and the feature. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FetchRedshiftReply, StaleRedshiftReply, type RedshiftConfiguration } from '../../src/domain/redshift';
import { noFeatureRefusal } from '../../server/http/replies';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let other: Browser;
let adminEmail: string;

beforeAll(async () => {
  server = await createTestServer();
  const staff = await server.createStaff({ username: 'redshifter', features: [...FEATURE_KEYS], activated: true });
  adminEmail = staff.email;
  admin = await signIn(server, staff);
  other = await signIn(
    server,
    await server.createStaff({
      username: 'redshifter2',
      features: ['admin_panel_access', 'redshift_configuration_access'],
      activated: true,
    }),
  );
});
afterAll(async () => {
  await server.close();
});

const FETCH = '/fetch_redshift_configuration/';
const SAVE = '/redshift_configuration/';

async function read(b = admin) {
  const res = await b.send('GET', FETCH);
  expect(res.status).toBe(200);
  return v.parse(FetchRedshiftReply, await res.json());
}
async function save(json: unknown, b = admin) {
  const res = await b.send('POST', SAVE, { json });
  return { status: res.status, body: (await res.json()) as unknown };
}
const config = (
  over: Partial<RedshiftConfiguration> = {},
  flags: Partial<RedshiftConfiguration['user_flag']> = {},
): RedshiftConfiguration => ({
  user_script: false,
  account_script: false,
  ...over,
  user_flag: { expire_time: false, product: false, user_type: false, ...flags },
});
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const auditRows = () =>
  server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('category', '=', 'redshift configuration')
    .orderBy('id')
    .execute();

describe('fetch and save', () => {
  it('reads the configuration never saved: everything off, version 1, nobody', async () => {
    const reply = await read();
    expect(reply).toEqual({
      status: true,
      msg: '',
      result: { configuration: config() },
      version: 1,
      updated_by_email: null,
      updated_at: null,
    });
  });

  it('saves from the version read, says so, and the next read shows it with who and when', async () => {
    const before = await read();
    const wanted = config({ user_script: true }, { product: true, user_type: true });
    const { status, body } = await save({ redshift_configuration: wanted, version: before.version });
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(FetchRedshiftReply, body);
    expect(reply.msg).toBe('Redshift configuration saved Successfully');
    expect(reply.result.configuration).toEqual(wanted);
    expect(reply.version).toBe(before.version + 1);
    expect(reply.updated_by_email).toBe(adminEmail);
    expect(typeof reply.updated_at).toBe('number');
    expect(await read(other)).toEqual({ ...reply, msg: '' });
    const rows = await auditRows();
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ author: 'redshifter', action: 'redshift configuration saved', success: 1 });
    expect(JSON.parse(row.previous_data!)).toEqual({ ...before.result.configuration, version: before.version });
    expect(JSON.parse(row.current_data!)).toEqual({ ...wanted, version: before.version + 1 });
  });

  it('saves the spec §7 body (redshift_configuration alone) over what is stored, audited as unversioned', async () => {
    const before = await read();
    const wanted = config({ account_script: true }, { expire_time: true });
    const { status, body } = await save({ redshift_configuration: wanted });
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(FetchRedshiftReply, body);
    expect(reply.result.configuration).toEqual(wanted);
    expect(reply.version).toBe(before.version + 1);
    const row = (await auditRows()).at(-1)!;
    expect(row).toMatchObject({ action: 'redshift configuration saved without a version', success: 1 });
    expect(JSON.parse(row.current_data!)).toEqual({ ...wanted, version: before.version + 1 });
  });

  it('of two saves from the same version, one wins and the other is told, with the configuration now', async () => {
    const start = await read();
    const mine = config({ account_script: true });
    const theirs = config({}, { expire_time: true });
    const audits = (await auditRows()).length;
    const [a, b] = await Promise.all([
      save({ redshift_configuration: mine, version: start.version }),
      save({ redshift_configuration: theirs, version: start.version }, other),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const stale = v.parse(StaleRedshiftReply, lost.body);
    const winner = v.parse(FetchRedshiftReply, won.body);
    expect(stale.current).toEqual({
      configuration: winner.result.configuration,
      version: start.version + 1,
      updated_by_email: winner.updated_by_email,
      updated_at: winner.updated_at,
    });
    expect(stale.msg).toBe(
      `${winner.updated_by_email!} saved the Redshift configuration after you opened it; nothing of yours was saved.`,
    );
    expect((await read()).result.configuration).toEqual(winner.result.configuration);
    // Only the winner is audited.
    expect((await auditRows()).length).toBe(audits + 1);
  });

  it('tells a save from an old version, and changes nothing', async () => {
    const now = await read();
    const { status, body } = await save({
      redshift_configuration: config({ user_script: !now.result.configuration.user_script }),
      version: now.version - 1,
    });
    expect(status).toBe(409);
    expect(v.parse(StaleRedshiftReply, body).current.version).toBe(now.version);
    expect(await read()).toEqual(now);
  });
});

describe('bad input: a 400 naming the fields, never a 500, nothing saved', () => {
  const good = () => ({ redshift_configuration: config(), version: 1 });
  const cases: [string, unknown, Record<string, string>][] = [
    [
      'non-booleans',
      {
        redshift_configuration: {
          ...config(),
          user_script: 'true',
          user_flag: { expire_time: 1, product: false, user_type: null },
        },
        version: 1,
      },
      {
        'redshift_configuration.user_script': 'Must be true or false.',
        'redshift_configuration.user_flag.expire_time': 'Must be true or false.',
        'redshift_configuration.user_flag.user_type': 'Must be true or false.',
      },
    ],
    [
      'a missing key',
      { redshift_configuration: { user_script: true, user_flag: { expire_time: true, product: true } }, version: 1 },
      {
        'redshift_configuration.account_script': 'Required.',
        'redshift_configuration.user_flag.user_type': 'Required.',
      },
    ],
    ['a missing configuration', { version: 1 }, { redshift_configuration: 'Required.' }],
    [
      'a version not a number',
      { redshift_configuration: config(), version: '1' },
      { version: 'Expected the version the configuration was read at.' },
    ],
    [
      'unknown keys',
      {
        ...good(),
        extra: 1,
        redshift_configuration: { ...config(), region: true, user_flag: { ...config().user_flag, country: true } },
      },
      {
        extra: 'There is no field "extra".',
        'redshift_configuration.region': 'There is no setting "region" in redshift_configuration.',
        'redshift_configuration.user_flag.country': 'There is no setting "country" in user_flag.',
      },
    ],
    [
      'user_flag not an object',
      { redshift_configuration: { ...config(), user_flag: [true] }, version: 1 },
      { 'redshift_configuration.user_flag': 'user_flag must be an object of true/false settings.' },
    ],
    [
      'the configuration a list',
      { redshift_configuration: [], version: 1 },
      { redshift_configuration: 'redshift_configuration must be an object of true/false settings.' },
    ],
    [
      'the configuration a boolean',
      { redshift_configuration: true, version: 1 },
      { redshift_configuration: 'redshift_configuration must be an object of true/false settings.' },
    ],
  ];
  it.each(cases)('%s', async (_name, json, fields) => {
    const before = await read();
    const { status, body } = await save(json);
    expect(status).toBe(400);
    expect(refusal(body).fields).toEqual(fields);
    expect(await read()).toEqual(before);
  });

  it('refuses a body that is not JSON, JSON that is not an object, and form data', async () => {
    for (const [body, type] of [
      ['{"redshift_configuration":', 'application/json'],
      ['[1,2]', 'application/json'],
      ['null', 'application/json'],
      ['a=1', 'application/x-www-form-urlencoded'],
    ]) {
      const res = await admin.send('POST', SAVE, { body, headers: { 'content-type': type! } });
      expect(res.status, body).toBe(400);
      expect(refusal(await res.json()).msg).toMatch(/json/i);
    }
  });

  it('refuses a 1 MB JSON body before reading it (413)', async () => {
    const before = await read();
    const big = { ...good(), padding: 'x'.repeat(1024 * 1024) };
    const { status, body } = await save(big);
    expect(status).toBe(413);
    expect(body).toEqual({ status: false, msg: 'Request body is too large.' });
    expect(await read()).toEqual(before);
  });
});

describe('permissions', () => {
  it('refuses staff without Redshift configuration, naming it in words', async () => {
    const support = await signIn(
      server,
      await server.createStaff({
        username: 'rs-support',
        features: ['admin_panel_access', 'user_mgmt'],
        activated: true,
      }),
    );
    for (const res of [
      await support.send('GET', FETCH),
      await support.send('POST', SAVE, { json: { redshift_configuration: config(), version: 1 } }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status: false, msg: noFeatureRefusal('redshift_configuration_access') });
    }
  });
});
