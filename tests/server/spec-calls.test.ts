// Spec §7's calls sent as the spec writes them, with the parameters it names and nothing the
// panel added (versions, ranges, paging): a call may still refuse a value it names, or refuse the
// staff member, but never asks for a field the spec does not name, and never answers 500.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS, OTHER_FEATURE_KEYS } from '../../src/domain/features';
import { serverForFile } from './support/fresh-server';
import { signIn } from './support/sign-in';

interface SpecCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** Form fields (POST, PUT), query (GET), or a JSON body. */
  form?: Record<string, string>;
  json?: Record<string, unknown>;
}

const EMAIL = 'spec.reader@example.com';
const config = {
  user_script: true,
  account_script: false,
  user_flag: { expire_time: true, product: false, user_type: false },
};

const CALLS: SpecCall[] = [
  // Sign-in and session.
  { method: 'POST', path: '/session_check/' },
  { method: 'POST', path: '/login_account_new/', form: { username: 'nobody', password: 'not-it' } },
  { method: 'POST', path: '/login_with_mt_account/', form: { token: 'not-a-token' } },
  // Organizations, tags.
  { method: 'POST', path: '/user/get_{product}_owner_group/' },
  { method: 'POST', path: '/user/get_user_organization/', form: { query: 'Oak' } },
  { method: 'POST', path: '/user/fetch_user_tags/' },
  { method: 'POST', path: '/user/fetch_user_tags/', form: { userId: '1' } },
  {
    method: 'POST',
    path: '/user/update_user_tags/',
    form: { action: 'create', type: 'normal', name: 'Spec shaped', desc: 'From the spec', color: '#1E6FD9' },
  },
  { method: 'POST', path: '/user/assign_tags/', form: { tags: '[1]', userIds: '[1]', type: 'overwrite' } },
  { method: 'POST', path: '/user/assign_tags/', form: { tags: '[1]', userIds: '[1]', type: '' } },
  // Broker research.
  { method: 'GET', path: '/api/researchreports/get_new_researchreports/', form: { latest: 'true', fetch_new: 'true' } },
  { method: 'GET', path: '/api/researchreports/brflags/', form: { dist: 'tri' } },
  { method: 'PUT', path: '/api/researchreports/brflags/', form: { dist: 'tri', flags: '{"user_submission":true}' } },
  { method: 'GET', path: '/api/brokergroup/' },
  { method: 'GET', path: '/api/mybroker/', form: { email: EMAIL } },
  { method: 'PUT', path: '/api/mybroker/', form: { email: EMAIL, flags: '{"freeze":false}' } },
  { method: 'POST', path: '/api/mybroker/', form: { email: EMAIL, brokers: '[1]', action: 'add', one_click: 'false' } },
  {
    method: 'POST',
    path: '/api/account/get_entity_list/',
    form: { sf_acc_ids: '["0015000000AAAAA"]', origin: 'restrict_broker' },
  },
  // Redshift.
  { method: 'GET', path: '/fetch_redshift_configuration/' },
  { method: 'POST', path: '/redshift_configuration/', json: { redshift_configuration: config } },
  // Accounts and templates.
  { method: 'GET', path: '/api/as/', form: { query: 'Oak' } },
  { method: 'GET', path: '/api/ts/', form: { query: 'Desk' } },
  // Groups, roles, users: the calls whose parameters the spec names (or says there are none).
  { method: 'POST', path: '/user/fetch_user_roles/' },
  { method: 'POST', path: '/user/get_watchlist_name/' },
  { method: 'POST', path: '/user/fetch_user_analytics/' },
  { method: 'POST', path: '/segment/fetch_segmentio_events/' },
  { method: 'GET', path: '/user/fetch_tag_groups/' },
  { method: 'GET', path: '/user/fetch_library_templates/' },
];

const file = serverForFile();

describe('spec §7 calls in the spec’s own shape', () => {
  it.each(CALLS.map((c) => [`${c.method} ${c.path} ${JSON.stringify(c.form ?? c.json ?? {})}`, c] as const))(
    '%s',
    async (_name, call) => {
      const staff = await file.server.createStaff({
        username: `spec${Math.random().toString(36).slice(2, 10)}`,
        features: [...FEATURE_KEYS],
        otherFeatures: [...OTHER_FEATURE_KEYS],
        activated: true,
      });
      const browser = await signIn(file.server, staff);
      const path = call.path.replaceAll('{product}', file.server.config.productKey);
      const query = call.method === 'GET' && call.form ? `?${new URLSearchParams(call.form)}` : '';
      const res = await browser.send(call.method, `${path}${query}`, {
        form: call.method === 'GET' || call.json ? undefined : (call.form ?? {}),
        json: call.json,
      });
      expect(res.status, await res.clone().text()).not.toBe(500);
      if (res.status === 400) {
        const named = Object.keys(v.parse(BadRequestReply, await res.json()).fields ?? {});
        const spec = Object.keys(call.form ?? call.json ?? {});
        expect(named.filter((f) => !spec.some((s) => f === s || f.startsWith(`${s}.`)))).toEqual([]);
      }
    },
  );
});
