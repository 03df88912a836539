// Invite Request Users (spec §2; decision 064): the requests listed newest first (status, search,
// keyset cursor), one request, approve (a user created with the create form's step one settings
// and the invitation written to the outbox, in one transaction), reject with a reason, a bulk
// approval with its preview, an invitation sent again; each from the version read, a race's loser
// told who acted (409). The platform files requests through the intake with its shared key.
import * as v from 'valibot';
import {
  INTAKE_KEY_HEADER,
  INVITE_ACTIONS,
  INVITE_MESSAGES,
  InviteApproveForm,
  InviteBulkForm,
  InviteIntakeForm,
  InviteJoinedForm,
  InviteListQuery,
  InviteOneQuery,
  InviteOptionsQuery,
  InviteRejectForm,
  InviteResendForm,
  inviteDecidedText,
  type InviteAction,
  type InviteActionReply,
  type InviteBulkReply,
  type InviteListReply,
  type InviteOneReply,
  type InviteOptionsReply,
  type StaleInviteReply,
} from '../../src/domain/invite-requests';
import { WHOLE_REQUEST } from '../../src/domain/field-errors';
import type { Context } from 'hono';
import type { HonoEnv } from '../context';
import { addressKey, clientAddress } from '../http/client-address';
import { readBody } from '../http/body';
import { badInput, badRequest, refuseFields, stale } from '../http/replies';
import { approveInvite, bulkApprove } from '../invite-requests/approve';
import { markJoined, rejectInvite, resendInvite, type DecideResult } from '../invite-requests/decide';
import { fileInviteRequest, intakeKeyMatches, sweepIntakeThrottle, takeIntakeCall } from '../invite-requests/intake';
import { findInvite, listInvites } from '../invite-requests/records';
import { defineRoute, type Route } from '../routes';
import { productNames } from '../../src/domain/product';
import { USER_CATEGORIES } from '../../src/domain/user-kinds';
import { searchOrganizations } from '../organizations/search';
import { ownerGroup } from '../owners/owner-group';
import { creatableUserTypes } from '../users/create';

const FEATURE = 'invite_req_tab';

const list = defineRoute({
  method: 'GET',
  path: '/api/invite_requests/',
  access: FEATURE,
  schema: InviteListQuery,
  summary:
    'Invite requests newest first, 50 a page: status (new, approved, rejected, invited, joined), q searches names, emails and organizations, cursor (created_at.id) is the next page; open requests name their duplicate.',
  async handler({ c, deps, input }) {
    const page = await listInvites(deps.db, { status: input.status || null, q: input.q, after: input.cursor || null });
    const reply: InviteListReply = { status: true, ...page };
    return c.json(reply);
  },
});

const one = defineRoute({
  method: 'GET',
  path: '/api/invite_requests/one/',
  access: FEATURE,
  schema: InviteOneQuery,
  summary: 'One invite request as the list shows it (id).',
  async handler({ c, deps, input }) {
    const request = await findInvite(deps.db, input.id);
    if (!request)
      return refuseFields(c, INVITE_MESSAGES.noRequest(input.id), { id: INVITE_MESSAGES.noRequest(input.id) });
    const reply: InviteOneReply = { status: true, request };
    return c.json(reply);
  },
});

const options = defineRoute({
  method: 'GET',
  path: '/api/invite_requests/options/',
  access: FEATURE,
  schema: InviteOptionsQuery,
  summary:
    "The approval form's choices: user types this session may give, categories, configurations, data plan items, owners, and up to 20 organizations named like q.",
  async handler({ c, deps, input, now, session }) {
    const names = productNames(deps.config.productKey);
    const reply: InviteOptionsReply = {
      status: true,
      user_types: [...creatableUserTypes(session.grants.features)],
      user_categories: [...USER_CATEGORIES],
      product_configurations: [...names.configurations],
      default_configuration: names.defaultConfiguration,
      data_plan_items: [...names.dataPlanItems],
      owners: await ownerGroup(deps.db, now),
      organizations:
        input.q.trim() === ''
          ? []
          : (await searchOrganizations(deps.db, input.q)).map((o) => ({ id: o.id, name: o.name })),
    };
    return c.json(reply);
  },
});

/** 409 with the request now, naming who acted; or 400 naming the field to blame. */
async function refused(
  c: Context<HonoEnv>,
  action: InviteAction,
  result: Exclude<DecideResult, { ok: true }>,
  id: number,
): Promise<Response> {
  if (result.reason === 'missing')
    return refuseFields(c, INVITE_MESSAGES.noRequest(id), { id: INVITE_MESSAGES.noRequest(id) });
  if (result.reason === 'not_from') {
    const msg = INVITE_MESSAGES.notFrom(action, result.current.status);
    return refuseFields(c, msg, { [WHOLE_REQUEST]: msg });
  }
  return stale<StaleInviteReply>(
    c,
    `${inviteDecidedText(result.current)} after you opened it; nothing of yours was done.`,
    { current: result.current },
  );
}

const approve = defineRoute({
  method: 'POST',
  path: '/api/invite_requests/approve/',
  access: FEATURE,
  schema: InviteApproveForm,
  summary:
    "Approves one request from the version read (id, version and the create form's step one settings; send_invitation): creates the user and writes the invitation to the outbox in one transaction; a duplicate email is refused; someone first: 409.",
  async handler({ c, deps, input, now, session }) {
    const result = await approveInvite(deps, session, input, now);
    if (!result.ok) {
      if (result.reason === 'settings')
        return refuseFields(c, 'Nothing was approved: the settings need changes.', result.errors);
      if (result.reason === 'duplicate') return refuseFields(c, result.msg, { [WHOLE_REQUEST]: result.msg });
      const current = await findInvite(deps.db, input.id);
      return refused(
        c,
        'approve',
        current
          ? { ok: false, reason: result.reason === 'not_new' ? 'not_from' : 'stale', current }
          : { ok: false, reason: 'missing' },
        input.id,
      );
    }
    const request = (await findInvite(deps.db, input.id))!;
    const reply: InviteActionReply = { status: true, msg: result.msg, request };
    return c.json(reply);
  },
});

const reject = defineRoute({
  method: 'POST',
  path: '/api/invite_requests/reject/',
  access: FEATURE,
  schema: InviteRejectForm,
  summary:
    'Rejects one open request with a reason (id, version, reason); someone first: 409 with who and the request now.',
  async handler({ c, deps, input, now, session }) {
    const result = await rejectInvite(deps, input, session.user.username, now);
    if (!result.ok) return refused(c, 'reject', result, input.id);
    const reply: InviteActionReply = { status: true, msg: INVITE_ACTIONS.reject.done, request: result.request };
    return c.json(reply);
  },
});

const resend = defineRoute({
  method: 'POST',
  path: '/api/invite_requests/resend/',
  access: FEATURE,
  schema: InviteResendForm,
  summary: "Writes an approved request's invitation to the outbox again (id, version); audited.",
  async handler({ c, deps, input, now, session }) {
    const result = await resendInvite(deps, input, session.user.username, now);
    if (!result.ok) return refused(c, 'resend', result, input.id);
    const reply: InviteActionReply = { status: true, msg: result.msg, request: result.request };
    return c.json(reply);
  },
});

function bulkRoute(path: string, preview: boolean): Route {
  return defineRoute({
    method: 'POST',
    path,
    access: FEATURE,
    ...(preview ? {} : { bulk: 'invite_approval' }),
    schema: InviteBulkForm,
    summary: preview
      ? 'What a bulk approval would do, per request (requests: JSON [{id, version}], the step one settings); nothing is written.'
      : 'Approves up to 500 requests with one set of settings in one transaction; answers per request the user created or why not.',
    async handler({ c, deps, input, now, session }) {
      const result = await bulkApprove(deps, session, input, now, preview);
      if (!result.ok) return refuseFields(c, 'Nothing was approved: the settings need changes.', result.errors);
      const reply: InviteBulkReply = { status: true, msg: result.msg, preview, outcomes: result.outcomes };
      return c.json(reply);
    },
  });
}

/** The intake's gate: on, under its address limit, with the right key. Null when the call may go on. */
async function intakeGate(c: Context<HonoEnv>, now: number): Promise<Response | null> {
  const { db, config } = c.get('deps');
  const key = config.inviteIntakeKey;
  if (!key) return c.json({ status: false, msg: INVITE_MESSAGES.intakeOff }, 404);
  await sweepIntakeThrottle(db, now);
  const wait = await takeIntakeCall(db, addressKey(clientAddress(c)), now);
  if (wait !== null) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    return c.json({ status: false, msg: INVITE_MESSAGES.intakeThrottled }, 429);
  }
  if (!intakeKeyMatches(key, c.req.header(INTAKE_KEY_HEADER)))
    return c.json({ status: false, msg: INVITE_MESSAGES.intakeKey }, 401);
  return null;
}

/** The form read and checked only once the key has passed, so a caller without it learns nothing of the fields. */
async function intakeInput<S extends v.GenericSchema>(
  c: Context<HonoEnv>,
  schema: S,
): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; res: Response }> {
  const body = await readBody(c, 'form');
  if (!body.ok) return { ok: false, res: badRequest(c, body.msg) };
  const parsed = v.safeParse(schema, body.fields);
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, res: badInput(c, parsed.issues) };
}

const intake = defineRoute({
  method: 'POST',
  path: '/api/invite_requests/intake/',
  access: 'public',
  csrf: false,
  summary:
    'The platform files an invite request (header X-Invite-Intake-Key; form first_name, last_name, email, organization, message); 30 calls a minute per address.',
  async handler({ c, deps, now }) {
    const gate = await intakeGate(c, now);
    if (gate) return gate;
    const input = await intakeInput(c, InviteIntakeForm);
    if (!input.ok) return input.res;
    const id = await fileInviteRequest(deps.db, input.value, now);
    return c.json({ status: true, msg: 'Invite request filed.', id });
  },
});

const joined = defineRoute({
  method: 'POST',
  path: '/api/invite_requests/intake/joined/',
  access: 'public',
  csrf: false,
  summary:
    "The platform reports an invited person's first sign-in (header X-Invite-Intake-Key; form email): their invited requests become joined.",
  async handler({ c, deps, now }) {
    const gate = await intakeGate(c, now);
    if (gate) return gate;
    const input = await intakeInput(c, InviteJoinedForm);
    if (!input.ok) return input.res;
    const count = await markJoined(deps, input.value.email, now);
    return c.json({
      status: true,
      msg: count ? 'Marked as joined.' : 'No invited request has this email.',
      joined: count,
    });
  },
});

export const inviteRequestRoutes: readonly Route[] = [
  list,
  one,
  options,
  approve,
  reject,
  resend,
  bulkRoute('/api/invite_requests/bulk_preview/', true),
  bulkRoute('/api/invite_requests/bulk_approve/', false),
  intake,
  joined,
];
