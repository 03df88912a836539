// Invite Request Users (spec §2; decision 064): people ask to join through the platform's
// pre-registration (a name, an email, the organization they think they belong to, a message);
// staff approve them (a user is created with the create form's step one settings and the
// invitation is written to the mail outbox), reject them with a reason, approve many with one set
// of settings after a preview, and send an invitation again. Every change names the version read:
// of two staff acting at once one wins and the other is told who. The lifecycle is data
// (INVITE_ACTIONS): the server checks it, the panel offers only what the status allows.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { NO_CONTROL_CHARACTERS } from './auth';
import { type CreateSettings, FIELD_MESSAGES, USER_FIELD_LIMITS } from './user-rules';
import { Email, ExpiryDate, UserCategorySchema, UserTypeSchema } from './users';
import { FormBool, Id, JsonField, JsonListField, RequiredText, Text } from './wire';

export const INVITE_STATUSES = ['new', 'approved', 'rejected', 'invited', 'joined'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
export const INVITE_STATUS_LABELS: Record<InviteStatus, string> = {
  new: 'New',
  approved: 'Approved',
  rejected: 'Rejected',
  invited: 'Invited',
  joined: 'Joined',
};

/** Requests a page holds. */
export const INVITE_PAGE_SIZE = 50;
export const INVITE_SEARCH_MAX = 100;
/** Most requests one bulk approval takes. */
export const MAX_BULK_APPROVE = 500;
export const INVITE_REASON_MAX = 500;
export const INVITE_FIELD_LIMITS = {
  first_name: 150,
  last_name: 150,
  email: USER_FIELD_LIMITS.email,
  organization: 200,
  message: 2000,
} as const;
/** The header the platform's intake calls carry their shared key in. */
export const INTAKE_KEY_HEADER = 'x-invite-intake-key';

// ── the lifecycle ─────────────────────────────────────────────────────
//   new ──approve──► invited (invitation written) or approved (invitation held back)
//   new ──reject (reason)──► rejected
//   approved, invited ──resend──► invited
//   invited ──(the platform reports the first sign-in)──► joined
export const INVITE_ACTIONS = {
  approve: { from: ['new'], label: 'Approve', done: 'Approved.' },
  reject: { from: ['new'], label: 'Reject', done: 'Rejected.' },
  resend: { from: ['approved', 'invited'], label: 'Send invitation again', done: 'Invitation sent again.' },
} as const satisfies Record<string, { from: readonly InviteStatus[]; label: string; done: string }>;
export type InviteAction = keyof typeof INVITE_ACTIONS;
export const canActOnInvite = (action: InviteAction, status: InviteStatus): boolean =>
  (INVITE_ACTIONS[action].from as readonly InviteStatus[]).includes(status);

export const INVITE_MESSAGES = {
  noRequest: (id: number) => `No invite request has the id ${id}.`,
  notFrom: (action: InviteAction, status: InviteStatus) =>
    `${INVITE_ACTIONS[action].label} is not possible for a request that is ${INVITE_STATUS_LABELS[status].toLowerCase()}.`,
  userExists: (username: string) => `A user with this email already exists (${username}).`,
  otherRequest: (id: number) => `Another open request (#${id}) asks for the same email; reject one of them first.`,
  listFailed: 'The invite requests could not be loaded.',
  intakeOff: 'Invite request intake is not enabled on this server.',
  intakeKey: 'The intake key is missing or wrong.',
  intakeThrottled: 'Too many invite requests from this address; try again shortly.',
} as const;

// ── one request on the wire ──────────────────────────────────────────
/** Why approving this request would be refused: its email belongs to a user, or to another open request. */
export const InviteDuplicate = v.variant('kind', [
  v.object({ kind: v.literal('user'), id: v.number(), username: v.string() }),
  v.object({ kind: v.literal('request'), id: v.number() }),
]);
export type InviteDuplicate = v.InferOutput<typeof InviteDuplicate>;

export const InviteRequestItem = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  /** What the person typed as their organization. */
  organization_guess: v.string(),
  /** The organization matched to the guess, or chosen on approval. */
  organization: v.nullable(v.object({ id: v.number(), name: v.string() })),
  message: v.string(),
  status: v.picklist(INVITE_STATUSES),
  created_at: v.number(),
  decided_by: v.nullable(v.string()),
  decided_at: v.nullable(v.number()),
  reason: v.nullable(v.string()),
  user: v.nullable(v.object({ id: v.number(), username: v.string() })),
  invited_at: v.nullable(v.number()),
  invitations: v.number(),
  version: v.number(),
  duplicate: v.nullable(InviteDuplicate),
});
export type InviteRequestItem = v.InferOutput<typeof InviteRequestItem>;

/** Where the next page starts: after this (created_at, id), going back in time. */
export const InviteCursor = v.object({ at: v.number(), id: v.number() });
export type InviteCursor = v.InferOutput<typeof InviteCursor>;
export const inviteCursorText = (c: InviteCursor) => `${c.at}.${c.id}`;
const CursorField = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}\.\d{1,15}$/, 'Not a page of this list.'),
  v.transform((s): InviteCursor => {
    const [at, id] = s.split('.');
    return { at: Number(at), id: Number(id) };
  }),
);
const Version = v.pipe(
  v.union([v.string(), v.number()], 'Expected the version the request was read at.'),
  v.transform(String),
  v.regex(/^\d{1,9}$/, 'Expected the version the request was read at.'),
  v.transform(Number),
);

// ── GET api/invite_requests/ (status, q, cursor) ─────────────────────
export const InviteListQuery = v.object({
  status: v.optional(v.union([v.literal(''), v.picklist(INVITE_STATUSES, 'Choose a status.')], 'Choose a status.'), ''),
  q: v.optional(Text(INVITE_SEARCH_MAX), ''),
  cursor: v.optional(v.union([v.literal(''), CursorField], 'Not a page of this list.'), ''),
});
export type InviteListQuery = v.InferOutput<typeof InviteListQuery>;
export const InviteListReply = v.object({
  status: v.literal(true),
  requests: v.array(InviteRequestItem),
  next: v.nullable(InviteCursor),
});
export type InviteListReply = v.InferOutput<typeof InviteListReply>;

export const InviteOneQuery = v.object({ id: Id });
export const InviteOneReply = v.object({ status: v.literal(true), request: InviteRequestItem });
export type InviteOneReply = v.InferOutput<typeof InviteOneReply>;

// ── the settings an approval gives the new user (create step one's rules) ──
const DataPlan = v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(10));
const settingsEntries = {
  organization_id: v.pipe(
    v.string(FIELD_MESSAGES.required('Organization')),
    v.regex(/^\d{1,15}$/, 'Choose an organization.'),
    v.transform(Number),
  ),
  user_type: UserTypeSchema,
  user_category: UserCategorySchema,
  owner: RequiredText('Owner', USER_FIELD_LIMITS.owner),
  product_configuration: v.pipe(
    v.string(),
    v.nonEmpty(FIELD_MESSAGES.required('Product configuration')),
    v.maxLength(64),
  ),
  data_plan: v.optional(JsonField(DataPlan, 'data_plan'), '[]'),
  /** Absent: the default of the user type (spec §4). */
  expiry_dt: v.optional(v.union([v.literal(''), ExpiryDate]), ''),
  /** Write the invitation into the outbox now (status invited), or hold it back (approved). */
  send_invitation: v.optional(FormBool, 'true'),
};
export const InviteSettingsForm = v.object(settingsEntries);
export type InviteSettings = v.InferOutput<typeof InviteSettingsForm>;
/** An approval's settings as the panel holds and sends them: create step one's account settings, the organization and the invitation. */
export interface ApprovalSettings extends Pick<
  CreateSettings,
  'user_type' | 'user_category' | 'owner' | 'product_configuration' | 'data_plan'
> {
  organization_id: string;
  /** MM-dd-yyyy, or '' for the user type's default. */
  expiry_dt: string;
  send_invitation: boolean;
}

// ── POST api/invite_requests/approve/ ────────────────────────────────
export const InviteApproveForm = v.object({ id: Id, version: Version, ...settingsEntries });
export type InviteApproveForm = v.InferOutput<typeof InviteApproveForm>;

// ── POST api/invite_requests/reject/ ─────────────────────────────────
export const InviteReason = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Say why.'),
  v.maxLength(INVITE_REASON_MAX, `At most ${INVITE_REASON_MAX} characters.`),
  v.regex(NO_CONTROL_CHARACTERS, 'Control characters are not allowed.'),
);
export const InviteRejectForm = v.object({ id: Id, version: Version, reason: InviteReason });
export type InviteRejectForm = v.InferOutput<typeof InviteRejectForm>;

// ── POST api/invite_requests/resend/ ─────────────────────────────────
export const InviteResendForm = v.object({ id: Id, version: Version });
export type InviteResendForm = v.InferOutput<typeof InviteResendForm>;

export const InviteActionReply = v.object({ status: v.literal(true), msg: v.string(), request: InviteRequestItem });
export type InviteActionReply = v.InferOutput<typeof InviteActionReply>;
/** HTTP 409: someone acted since the version read; `current` is the request now. */
export const StaleInviteReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: InviteRequestItem,
});
export type StaleInviteReply = v.InferOutput<typeof StaleInviteReply>;

export const staleInviteOf = (error: unknown): StaleInviteReply | null => conflictOf(error, StaleInviteReply);

// ── POST api/invite_requests/bulk_preview/ and bulk_approve/ ─────────
export const BulkPick = v.object({ id: Id, version: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export const InviteBulkForm = v.object({
  requests: JsonListField(
    BulkPick,
    'requests',
    'Choose at least one request.',
    MAX_BULK_APPROVE,
    `Approve at most ${MAX_BULK_APPROVE} requests at once.`,
  ),
  ...settingsEntries,
});
export type InviteBulkForm = v.InferOutput<typeof InviteBulkForm>;
/** What became (or would become) of one request of a bulk approval. */
export const BulkOutcome = v.variant('ok', [
  v.object({
    ok: v.literal(true),
    id: v.number(),
    email: v.string(),
    username: v.string(),
    user_id: v.nullable(v.number()),
  }),
  v.object({ ok: v.literal(false), id: v.number(), email: v.string(), reason: v.string() }),
]);
export type BulkOutcome = v.InferOutput<typeof BulkOutcome>;
export const InviteBulkReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  /** True for the preview: nothing was written. */
  preview: v.boolean(),
  outcomes: v.array(BulkOutcome),
});
export type InviteBulkReply = v.InferOutput<typeof InviteBulkReply>;

// ── GET api/invite_requests/options/ (q: organization search) ────────
/** The choices of the approval form: what the create form's step one offers this session, the owners, and organizations named like q. */
export const InviteOptionsQuery = v.object({ q: v.optional(Text(INVITE_FIELD_LIMITS.organization), '') });
export const InviteOptionsReply = v.object({
  status: v.literal(true),
  user_types: v.array(v.string()),
  user_categories: v.array(v.string()),
  product_configurations: v.array(v.string()),
  default_configuration: v.string(),
  data_plan_items: v.array(v.string()),
  owners: v.array(v.object({ key: v.string(), text: v.string() })),
  organizations: v.array(v.object({ id: v.number(), name: v.string() })),
});
export type InviteOptionsReply = v.InferOutput<typeof InviteOptionsReply>;

// ── POST api/invite_requests/intake/ (the platform, with the shared key) ──
const Plain = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, `At most ${max} characters.`),
    v.regex(NO_CONTROL_CHARACTERS, 'Control characters are not allowed.'),
  );
export const InviteIntakeForm = v.object({
  first_name: v.pipe(Plain(INVITE_FIELD_LIMITS.first_name), v.nonEmpty(FIELD_MESSAGES.required('First name'))),
  last_name: v.pipe(Plain(INVITE_FIELD_LIMITS.last_name), v.nonEmpty(FIELD_MESSAGES.required('Last name'))),
  email: Email,
  organization: v.optional(Plain(INVITE_FIELD_LIMITS.organization), ''),
  message: v.optional(Plain(INVITE_FIELD_LIMITS.message), ''),
});
export type InviteIntakeForm = v.InferOutput<typeof InviteIntakeForm>;
export const InviteIntakeReply = v.object({ status: v.literal(true), msg: v.string(), id: v.number() });

// ── POST api/invite_requests/intake/joined/ (the platform: an invited person signed in) ──
export const InviteJoinedForm = v.object({ email: Email });
export const InviteJoinedReply = v.object({ status: v.literal(true), msg: v.string(), joined: v.number() });

// ── words ─────────────────────────────────────────────────────────────
export const fullName = (r: Pick<InviteRequestItem, 'first_name' | 'last_name'>) =>
  `${r.first_name} ${r.last_name}`.trim();

/** 'Anna Berg approved it' — who moved a request on, in words. */
export function inviteDecidedText(r: InviteRequestItem): string {
  const who = r.decided_by ?? 'Someone';
  switch (r.status) {
    case 'approved':
    case 'invited':
    case 'joined':
      return `${who} approved it`;
    case 'rejected':
      return `${who} rejected it`;
    default:
      return `${who} changed it`;
  }
}

/** The duplicate in words, for the list's badge and the approval's refusal. */
export function duplicateText(d: InviteDuplicate): string {
  return d.kind === 'user' ? INVITE_MESSAGES.userExists(d.username) : INVITE_MESSAGES.otherRequest(d.id);
}
