import { describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER } from '../../src/domain/constants';
import { FEATURE_KEYS, OTHER_FEATURE_KEYS } from '../../src/domain/features';
import { REFUSALS, noFeatureRefusal } from '../../server/http/replies';
import { ROUTES } from '../../server/route-table';
import { featuresOfAccess, routePath, type Route } from '../../server/routes';
import { serverForFile } from './support/fresh-server';
import { Browser } from './support/browser';
import { passwordStep, signIn } from './support/sign-in';

const ALL = [...FEATURE_KEYS];

/** Every section with an organization picker (any one of them opens the organization calls). */
const ORGANIZATION_PICKERS = [
  'user_mgmt',
  'restrict_broker_access',
  'group_mgmt',
  'group_mgmt_v2',
  'template_settings_tab',
  'sku_configuration_access',
  'br_research',
  'reports_dashboard_tab',
];

const file = serverForFile();
let counter = 0;

/** A fresh signed-in browser; each staff member is new, so no code is ever reused. */
async function signedIn(features: string[]): Promise<Browser> {
  const staff = await file.server.createStaff({
    username: `walker${++counter}`,
    features,
    otherFeatures: [...OTHER_FEATURE_KEYS],
    activated: true,
  });
  return signIn(file.server, staff);
}

async function pending(): Promise<Browser> {
  const staff = await file.server.createStaff({ username: `walker${++counter}`, features: ALL, activated: true });
  return passwordStep(file.server, staff);
}

/** The browser that should pass every check of this route. */
function rightful(route: Route): Promise<Browser> {
  if (route.access === 'public')
    return Promise.resolve(new Browser(file.server)).then(async (b) => (await b.open(), b));
  return route.access === 'pending_otp' ? pending() : signedIn(ALL);
}

const call = (
  b: Browser,
  route: Route,
  opts: { csrf?: boolean; headers?: Record<string, string>; form?: Record<string, string> } = {},
) =>
  b.send(route.method, routePath(route, file.server.config.productKey), {
    form: route.method === 'GET' ? undefined : (opts.form ?? {}),
    csrf: opts.csrf,
    headers: opts.headers,
  });

it('declares the spec §7 sign-in and session calls with their access', () => {
  const table = Object.fromEntries(ROUTES.map((r) => [`${r.method} ${r.path}`, r.access]));
  expect(table).toEqual({
    // Probes of the process (decision 100).
    'GET /healthz': 'public',
    'GET /readyz': 'public',
    'GET /version': 'public',
    'POST /login_account_new/': 'public',
    'POST /login_tfa_new/': 'pending_otp',
    'POST /ap_activate_tfa': 'pending_otp',
    'POST /login_with_mt_account/': 'public',
    'POST /session_check/': 'public',
    'GET /logout_account/': 'admin_panel_access',
    'POST /log_data_in_es/': 'update_logs',
    // The user area (decision 020).
    'POST /user/search_user/': 'user_mgmt',
    'POST /user/export_users/': 'export_csv_access',
    'POST /user/get_user_organization/': ORGANIZATION_PICKERS,
    'GET /user/get_user_organization/': ORGANIZATION_PICKERS,
    'POST /user/get_{product}_owner_group/': 'user_mgmt',
    'POST /user/get_product_settings/': 'create_user_tab',
    'POST /user/get_default_settings/': 'create_user_tab',
    'POST /user/check_emails_validity/': 'create_user_tab',
    'POST /user/get_valid_username/': 'create_user_tab',
    'POST /user/get_valid_username_new/': 'create_user_tab',
    'POST /user/register/': 'create_user_tab',
    'POST /user/pre_register_email_send/': 'create_user_tab',
    'POST /user/send_welcome_email/': 'edit_user',
    'GET /user/fetch_outbox/': 'user_mgmt',
    'POST /user/fetch_users_by_account_id/': 'user_mgmt',
    'POST /user/update_account/': 'edit_user',
    'POST /user/get_admin_priviliges/': 'edit_user',
    'POST /user/set_admin_priviliges/': 'is_super_admin_user',
    'POST /user/get_user_session': 'edit_user',
    'POST /user/kill_user_sessions': 'edit_user',
    'POST /user/fetch_user_tags/': 'user_mgmt',
    'POST /user/update_user_tags/': 'tags',
    'POST /user/assign_tags/': 'tags',
    'POST /user/assign_tags_preview/': 'bulk_upload_tags',
    'POST /user/upload_bulk_edit_data/': 'bulk_edit_upload',
    'POST /user/bulk_edit_user_new/': 'bulk_edit_user',
    'POST /user/bulk_edit_user/': 'bulk_edit_user',
    'POST /user/bulk_edit_outcome/': 'bulk_edit_user',
    // Segments (decision 046).
    'GET /segments/': 'bulk_upload_tags',
    'POST /segments/': 'bulk_upload_tags',
    'PUT /segments/': 'bulk_upload_tags',
    'DELETE /segments/:id/': 'bulk_upload_tags',
    'POST /segments/assign_tags/': 'bulk_upload_tags',
    // Role Management (decision 050).
    'POST /user/fetch_user_roles/': 'role_mgmt',
    'POST /user/roles/create/': 'role_mgmt',
    'POST /user/roles/update/': 'role_mgmt',
    'POST /user/roles/delete/': 'role_mgmt',
    'POST /user/roles/assign/': 'staff_role_change',
    'POST /user/roles/unassign/': 'staff_role_change',
    'POST /user/roles/reach/': 'role_mgmt',
    // Restrict Broker and the broker research lists (decision 047).
    'POST /api/account/get_entity_list/': 'restrict_broker_access',
    'GET /api/mybroker/': 'restrict_broker_access',
    'PUT /api/mybroker/': 'restrict_broker_access',
    'POST /api/mybroker/': 'restrict_broker_access',
    'GET /api/brokergroup/': 'br_research',
    'GET /api/broker/': 'br_research',
    // Broker Research (decisions 055–061).
    'GET /api/researchreports/brflags/': 'br_research',
    'PUT /api/researchreports/brflags/': 'br_research',
    'GET /api/researchreports/get_new_researchreports/': 'br_research',
    'POST /api/researchreports/requests/list/': 'br_research',
    'GET /api/researchreports/requests/one/': 'br_research',
    'POST /api/researchreports/requests/action/': 'br_research',
    'POST /api/researchreports/requests/bulk_preview/': 'br_research',
    'POST /api/researchreports/requests/bulk/': 'br_research',
    'GET /api/broker/details/': 'br_research',
    'GET /api/broker/list/': 'br_research',
    'PUT /api/broker/mifid/': 'br_research',
    'POST /api/broker/brokersales/': 'br_research',
    'PUT /api/broker/brokersales/': 'br_research',
    'DELETE /api/broker/brokersales/': 'br_research',
    'POST /api/broker/link_broker/': 'br_research',
    'DELETE /api/broker/link_broker/': 'br_research',
    'PUT /api/broker/distributor_info/': 'br_research',
    'POST /user/get_fulfillment_info/': 'br_research',
    'POST /user/export_br_fulfill_info/': 'br_research',
    'POST /user/end_br_fulfillment/': 'br_research',
    'GET /api/broker/user_group/': 'br_research',
    'GET /api/broker/user_group/members/': 'br_research',
    'POST /api/broker/user_group/create/': 'br_research',
    'PUT /api/broker/user_group/update/': 'br_research',
    'DELETE /api/broker/user_group/delete/': 'br_research',
    'POST /api/broker/user_group/members/': 'br_research',
    'DELETE /api/broker/user_group/members/': 'br_research',
    'POST /api/researchreports/other_sources/verify/': 'br_research',
    'POST /api/researchreports/other_sources/apply/': 'br_research',
    'GET /api/researchreports/other_sources/imports/': 'br_research',
    'GET /api/researchreports/other_sources/import_fulfillments/': 'br_research',
    'GET /api/researchreports/broker_domain_mapping/': 'br_research',
    'POST /api/researchreports/broker_domain_mapping/': 'br_research',
    'PUT /api/researchreports/broker_domain_mapping/': 'br_research',
    'DELETE /api/researchreports/broker_domain_mapping/': 'br_research',
    'GET /api/researchreports/broker_domain_mapping/brokers/': 'br_research',
    'GET /api/researchreports/broker_domain_mapping/users/': 'br_research',
    'GET /api/researchreports/user_submissions/': 'br_research',
    'POST /api/researchreports/user_submissions/review/': 'br_research',
    // Audit Log (decision 062): a record's history opens to that record's section as well.
    'GET /api/audit_log/': 'audit_log_tab',
    'GET /api/audit_log/entry/': 'audit_log_tab',
    'GET /api/audit_log/export/': 'audit_log_tab',
    'GET /api/audit_log/history/': [
      'user_mgmt',
      'group_mgmt',
      'role_mgmt',
      'account_settings_tab',
      'template_settings_tab',
      'sku_configuration_access',
      'br_research',
    ],
    // Reports Dashboard (decision 063).
    'GET /api/reports/dashboard/': 'reports_dashboard_tab',
    'GET /api/reports/depth/': 'depth_analytics',
    'POST /user/fetch_user_analytics/': 'analytics_tab',
    'POST /segment/fetch_segmentio_events/': 'segmentio_tab',
    'POST /user/get_user_segment_data/': 'segmentio_tab',
    // Invite Request Users (decision 064); the platform's intake is public behind its shared key.
    'GET /api/invite_requests/': 'invite_req_tab',
    'GET /api/invite_requests/one/': 'invite_req_tab',
    'GET /api/invite_requests/options/': 'invite_req_tab',
    'POST /api/invite_requests/approve/': 'invite_req_tab',
    'POST /api/invite_requests/reject/': 'invite_req_tab',
    'POST /api/invite_requests/resend/': 'invite_req_tab',
    'POST /api/invite_requests/bulk_preview/': 'invite_req_tab',
    'POST /api/invite_requests/bulk_approve/': 'invite_req_tab',
    'POST /api/invite_requests/intake/': 'public',
    'POST /api/invite_requests/intake/joined/': 'public',
    // A user's platform content (decision 065).
    'GET /user/fetch_saved_searches/': 'user_mgmt',
    'GET /user/fetch_ap_saved_searches/': 'user_mgmt',
    'POST /user/get_watchlist_name/': 'user_mgmt',
    'POST /user/graph/fetch_users_watchlist_data_ap/': 'user_mgmt',
    'POST /user/graph/get_dashboard_template_ap/': 'user_mgmt',
    'POST /user/graph/get_dashboard_settings_ap/': 'user_mgmt',
    'POST /user/copy_saved_searches/': 'edit_user',
    // A user's notebook (decision 065).
    'POST /user/get_notebook_notifiaction_setting/': 'user_mgmt',
    'POST /user/save_notebook_notification_setting/': 'edit_user',
    'POST /user/save_note_templates/': 'edit_user',
    'POST /user/save_notebook_tags/': 'edit_user',
    'GET /user/fetch_library_templates/': 'user_mgmt',
    'GET /user/fetch_tag_groups/': 'user_mgmt',
    'POST /user/create_tag_group/': 'tags',
    'POST /user/fetch_transcript_src/': 'user_mgmt',
    // Group Management (decision 048).
    'POST /user/fetch_group/': 'group_mgmt',
    'POST /user/fetch_group_members/': 'group_mgmt',
    'POST /user/add_group_new/': 'group_mgmt',
    'POST /user/rename_group/': 'group_mgmt',
    'POST /user/delete_group/': 'group_mgmt',
    'POST /user/add_group_user/': 'group_mgmt',
    'POST /user/delete_group_user/': 'group_mgmt',
    'POST /user/delete_group_user_by_username/': 'group_mgmt',
    'POST /user/autoshare_modified/': 'group_mgmt',
    'POST /user/notebook_thesis/': 'group_mgmt',
    'POST /user/save_collab_group/': 'group_mgmt',
    'POST /user/save_sec_master/': 'group_mgmt',
    'POST /user/toggle_compliance_features/': 'compliance_tab',
    'POST /user/fetch_users_groups_new/': 'user_mgmt',
    'GET /user/fetch_user_groups/': 'user_mgmt',
    // Group ManagementV2 and its bulk membership upload (decision 049).
    'POST /user/groups_v2/search/': 'group_mgmt_v2',
    'POST /user/groups_v2/members/': 'group_mgmt_v2',
    'POST /user/groups_v2/remove_member/': 'group_mgmt_v2',
    'POST /user/verify_file_data/': 'group_bulk_upload',
    'POST /user/add_users_to_groups/': 'group_bulk_upload',
    // Redshift Configuration (decision 054).
    'GET /fetch_redshift_configuration/': 'redshift_configuration_access',
    'POST /redshift_configuration/': 'redshift_configuration_access',
    // Template Settings (decision 052).
    'GET /api/ts/': 'template_settings_tab',
    'POST /api/ts/': 'template_settings_tab',
    'PUT /api/ts/': 'template_settings_tab',
    'DELETE /api/ts/:id/': 'template_settings_tab',
    'POST /api/ts/apply_preview/': 'template_settings_tab',
    'POST /api/ts/apply/': 'template_settings_tab',
    // SKU Configuration (decision 053).
    'GET /api/sku/': 'sku_configuration_access',
    'POST /api/sku/': 'sku_configuration_access',
    'POST /api/sku/update/': 'sku_configuration_access',
    'POST /api/sku/status/': 'sku_configuration_access',
    'GET /api/sku/holders/': 'sku_configuration_access',
    'GET /api/sku/account/': 'sku_configuration_access',
    'POST /api/sku/assign/preview/': 'sku_configuration_access',
    'POST /api/sku/assign/': 'sku_configuration_access',
    'POST /api/sku/unassign/': 'sku_configuration_access',
    // Account Settings (decision 051).
    'GET /api/as/': 'account_settings_tab',
    'POST /api/as/': 'account_settings_tab',
    'PUT /api/as/': 'account_settings_tab',
    'DELETE /api/as/:id/': 'account_settings_tab',
    'GET /api/account/': 'account_settings_tab',
    'POST /api/account/': 'account_settings_tab',
    'PUT /api/account/': 'account_settings_tab',
    // Prometheus metrics: a scraper on loopback or with METRICS_TOKEN, no session (decision 101).
    'GET /metrics': 'public',
    // The API described from this table (decision 102).
    'GET /openapi.json': 'admin_panel_access',
  });
  // Every unsafe method, and the one GET with a side effect, takes a CSRF token; the platform's
  // invite intake, which no browser calls, proves itself with its shared key instead.
  const keyed = (path: string) => path.startsWith('/api/invite_requests/intake/');
  for (const route of ROUTES)
    expect(route.csrf).toBe((route.method !== 'GET' || route.path === '/logout_account/') && !keyed(route.path));
  // Feature-guarded calls keep a signed-in session alive (decision 002); session_check/ does
  // unless it says activity=false (decision 096).
  for (const route of ROUTES) {
    if (route.path === '/session_check/') expect(route.activity).toBeTypeOf('function');
    else expect(route.activity).toBe(featuresOfAccess(route.access).length > 0);
  }
});

describe.each(ROUTES.filter((r) => r.csrf).map((r) => [`${r.method} ${r.path}`, r] as const))(
  'CSRF on %s',
  (_name, route) => {
    it('refuses a missing token', async () => {
      const res = await call(await rightful(route), route, { csrf: false });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status: false, msg: REFUSALS.csrf });
    });

    it('refuses a token that does not match the cookie', async () => {
      const b = await rightful(route);
      const token = b.cookie(CSRF_COOKIE)!;
      const altered = `${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}`;
      const res = await call(b, route, { headers: { [CSRF_HEADER]: altered } });
      expect(res.status).toBe(403);
    });

    it('accepts the right token, in the header or in the form field', async () => {
      expect((await call(await rightful(route), route)).status).not.toBe(403);
      // A JSON body has no form field: its token travels in the header only (as Django reads it).
      if (route.method !== 'GET' && route.body === 'form') {
        const b = await rightful(route);
        const res = await call(b, route, { csrf: false, form: { [CSRF_FIELD]: b.cookie(CSRF_COOKIE)! } });
        expect(res.status).not.toBe(403);
      }
    });
  },
);

// Django's Origin check, before the token: a browser names the page a request comes from.
describe.each(ROUTES.filter((r) => r.csrf && r.method !== 'GET').map((r) => [`${r.method} ${r.path}`, r] as const))(
  'Origin on %s',
  (_name, route) => {
    it('refuses another site, and an opaque origin, even with the right token', async () => {
      for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null', 'http://localhost:8081']) {
        const res = await call(await rightful(route), route, { headers: { origin } });
        expect(res.status, origin).toBe(403);
        expect(await res.json()).toEqual({ status: false, msg: REFUSALS.origin });
      }
    });

    it("accepts the request's own origin and this server's configured base URL", async () => {
      for (const origin of ['http://localhost', file.server.config.serverTypes[file.server.config.serverType]!]) {
        expect((await call(await rightful(route), route, { headers: { origin } })).status, origin).not.toBe(403);
      }
    });
  },
);

// Before sign-in every token is bound to "no session"; once a session exists, only its own token works.
describe.each(ROUTES.filter((r) => r.csrf && r.access !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))(
  'CSRF binding on %s',
  (_name, route) => {
    it('refuses a cookie and header pair issued to another browser', async () => {
      const b = await rightful(route);
      const other = new Browser(file.server);
      await other.open();
      const foreign = other.cookie(CSRF_COOKIE)!;
      b.cookies.set(CSRF_COOKIE, foreign);
      const res = await call(b, route, { headers: { [CSRF_HEADER]: foreign } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status: false, msg: REFUSALS.csrf });
    });
  },
);

describe.each(ROUTES.filter((r) => r.access !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))(
  'access to %s',
  (_name, route) => {
    it('refuses a browser without a session', async () => {
      const b = new Browser(file.server);
      await b.open();
      const res = await call(b, route);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status: false, msg: REFUSALS.noSession });
    });

    it('refuses a session without the access the route names', async () => {
      if (route.access === 'pending_otp') {
        // A signed-in session may not go back to the code steps.
        expect((await call(await signedIn(ALL), route)).status).toBe(403);
        return;
      }
      // Without every key the route names (any one of them opens it).
      const keys: readonly string[] = featuresOfAccess(route.access);
      const lacking = await signedIn(ALL.filter((f) => !keys.includes(f) || f === 'admin_panel_access'));
      if (route.access !== 'admin_panel_access') {
        const res = await call(lacking, route);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ status: false, msg: noFeatureRefusal(route.access) });
        for (const key of keys) expect(noFeatureRefusal(route.access)).not.toContain(key);
      }
      // A half-signed-in session has no features at all.
      expect((await call(await pending(), route)).status).toBe(403);
    });

    it('refuses a session whose panel access was withdrawn', async () => {
      if (route.access === 'pending_otp') return;
      const b = await signedIn(ALL);
      await file.server.db
        .updateTable('roles')
        .set({ features: JSON.stringify(ALL.filter((f) => f !== 'admin_panel_access')) })
        .where('name', '=', `role for walker${counter}`)
        .execute();
      expect((await call(b, route)).status).toBe(403);
    });

    it('answers the rightful caller with something other than 403', async () => {
      expect((await call(await rightful(route), route)).status).not.toBe(403);
    });

    it('opens to each of the keys it names, alone with panel access', async () => {
      const keys = featuresOfAccess(route.access);
      if (keys.length < 2) return;
      for (const key of keys)
        expect((await call(await signedIn(['admin_panel_access', key]), route)).status, key).not.toBe(403);
    });
  },
);

it('keeps working when the clock is faked (the default clock reads Date.now())', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const b = await signedIn(ALL);
    const row = await file.server.db
      .selectFrom('sessions')
      .select('created_at')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect((await b.postJson('/session_check/'))['status']).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
