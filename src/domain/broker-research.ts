// Broker Research (spec §2, §3, §6, §7 "Broker research", §8; decision 055): the words and rules
// every tab shares. A user asks for a broker's research (a request); staff approve it, reject it
// with a reason, or send it to the broker first; an approved request becomes a fulfillment (an
// entitlement: this user reads this broker's research from a date). Fulfillments also arrive from
// other sources (a distributor's file). Each tab's own calls live in its own module beside this one.
import * as v from 'valibot';
import { productNames } from './product';
import { lines } from './wire-input';

// ── the tabs (?tab= in the URL; control_panel is the default) ──────────
export const BR_TABS = [
  'control_panel',
  'requests',
  'broker_details',
  'fulfillments',
  'brokers',
  'other_sources',
  'domain_mappings',
  'user_submission',
] as const;
export type BrTab = (typeof BR_TABS)[number];
/** Spec §2's tab names, as written there. */
export const BR_TAB_LABELS: Record<BrTab, string> = {
  control_panel: 'Control Panel',
  requests: 'Requests',
  broker_details: 'Broker Details',
  fulfillments: 'FulFillments',
  brokers: 'Brokers',
  other_sources: 'Fulfillments from Other Sources',
  domain_mappings: 'Broker Domain Mappings',
  user_submission: 'User Submission',
};
export const brTabOf = (raw: unknown): BrTab =>
  (BR_TABS as readonly unknown[]).includes(raw) ? (raw as BrTab) : 'control_panel';

/** The audit category of every Broker Research change. */
export const BR_AUDIT_CATEGORY = 'broker research' as const;

// ── distributors ──────────────────────────────────────────────────────
/** Refinitiv's distributor key; its flags show only to sessions whose other_features has tri_submittor (spec §6). */
export const TRI_DIST = 'tri';
export const TRI_SUBMITTOR = 'tri_submittor';
/** The distributors a session sees: the product's own, and tri with tri_submittor. */
export function distributorsFor(productKey: string, otherFeatures: readonly string[]): string[] {
  return otherFeatures.includes(TRI_SUBMITTOR) ? [productKey, TRI_DIST] : [productKey];
}
export function distributorLabel(dist: string): string {
  return dist === TRI_DIST ? 'Refinitiv' : productNames(dist).name;
}

// ── research flags (one set per distributor) ──────────────────────────
export const RESEARCH_FLAG_KEYS = [
  'research_enabled',
  'requests_open',
  'auto_approve_open_access',
  'send_to_broker',
  'user_submission',
  'notify_users',
  'show_unentitled_headlines',
  'mifid_enforced',
] as const;
export type ResearchFlagKey = (typeof RESEARCH_FLAG_KEYS)[number];
export type ResearchFlags = Record<ResearchFlagKey, boolean>;
export const RESEARCH_FLAG_LABELS: Record<ResearchFlagKey, { label: string; meaning: string }> = {
  research_enabled: {
    label: 'Broker research',
    meaning: 'Users of this distributor can read the broker research they are entitled to.',
  },
  requests_open: { label: 'Requests', meaning: 'Users can ask for a broker’s research from the platform.' },
  auto_approve_open_access: {
    label: 'Approve open-access brokers',
    meaning: 'Requests for a broker open to everyone are approved without review.',
  },
  send_to_broker: { label: 'Send requests to brokers', meaning: 'Staff can send a request to the broker to decide.' },
  user_submission: { label: 'User submissions', meaning: 'Users can submit their own research for review.' },
  notify_users: { label: 'Notify users', meaning: 'A user is emailed when their request is approved or rejected.' },
  show_unentitled_headlines: {
    label: 'Headlines without entitlement',
    meaning: 'Users see headlines of research they are not entitled to read.',
  },
  mifid_enforced: {
    label: 'MiFID II',
    meaning: 'Research of brokers not MiFID II compliant is withheld from users in the EU.',
  },
};
export const DEFAULT_RESEARCH_FLAGS: ResearchFlags = {
  research_enabled: true,
  requests_open: true,
  auto_approve_open_access: false,
  send_to_broker: true,
  user_submission: true,
  notify_users: true,
  show_unentitled_headlines: false,
  mifid_enforced: true,
};
/** Every flag, true or false; unknown keys refused by name. */
export const ResearchFlagsSchema = v.strictObject(
  Object.fromEntries(
    RESEARCH_FLAG_KEYS.map((k) => [k, v.boolean(`${RESEARCH_FLAG_LABELS[k].label} must be on or off.`)]),
  ) as Record<ResearchFlagKey, v.BooleanSchema<string>>,
);

// ── brokers' MiFID II status ──────────────────────────────────────────
export const MIFID_STATUSES = ['unknown', 'pending', 'compliant', 'non_compliant'] as const;
export type MifidStatus = (typeof MIFID_STATUSES)[number];
export const MIFID_LABELS: Record<MifidStatus, string> = {
  unknown: 'Not known',
  pending: 'Confirmation pending',
  compliant: 'MiFID II compliant',
  non_compliant: 'Not compliant',
};

// ── the request lifecycle (the statechart of decision 055) ────────────
export const REQUEST_STATUSES = ['new', 'sent', 'approved', 'rejected', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'New',
  sent: 'Sent to broker',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};
/** What staff do to a request, from which statuses, to which. Cancelling is the server's (a user who is no longer the same person). */
export const REQUEST_ACTIONS = {
  approve: { from: ['new', 'sent'], to: 'approved', label: 'Approve' },
  reject: { from: ['new', 'sent'], to: 'rejected', label: 'Reject' },
  send: { from: ['new'], to: 'sent', label: 'Send to broker' },
} as const satisfies Record<string, { from: readonly RequestStatus[]; to: RequestStatus; label: string }>;
export type RequestAction = keyof typeof REQUEST_ACTIONS;
export const REQUEST_ACTION_KEYS = Object.keys(REQUEST_ACTIONS) as RequestAction[];
export const OPEN_REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'sent'];
export const canAct = (action: RequestAction, status: RequestStatus): boolean =>
  (REQUEST_ACTIONS[action].from as readonly RequestStatus[]).includes(status);
/** A rejection's reason: said, in a few lines. */
export const REASON_MAX = 500;
export const Reason = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Say why.'),
  v.maxLength(REASON_MAX, `At most ${REASON_MAX} characters.`),
  lines(),
);

// ── fulfillments ──────────────────────────────────────────────────────
export const FULFILLMENT_SOURCES = ['request', 'other_source', 'broker'] as const;
export type FulfillmentSource = (typeof FULFILLMENT_SOURCES)[number];
export const FULFILLMENT_SOURCE_LABELS: Record<FulfillmentSource, string> = {
  request: 'Request',
  other_source: 'Other source',
  broker: 'Broker',
};
export const FULFILLMENT_STATUSES = ['active', 'ended'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];
export const FULFILLMENT_STATUS_LABELS: Record<FulfillmentStatus, string> = { active: 'Active', ended: 'Ended' };
/** Why a fulfillment or request ended without staff ending it one by one. */
export const END_REASONS = {
  differentPerson: 'The email now belongs to a different person.',
  differentOrganization: 'The user moved to a different organization.',
} as const;

// ── user submissions ──────────────────────────────────────────────────
export const SUBMISSION_STATUSES = ['new', 'in_review', 'published', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: 'New',
  in_review: 'In review',
  published: 'Published',
  rejected: 'Rejected',
};

// ── broker email domains ──────────────────────────────────────────────
/** 'Research.Apex.com ' and '@research.apex.com' both read as 'research.apex.com'. */
export const normaliseDomain = (raw: string): string => raw.trim().toLowerCase().replace(/^@+/, '').replace(/\.$/, '');
const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const DomainName = v.pipe(
  v.string(),
  v.transform(normaliseDomain),
  v.regex(DOMAIN_PATTERN, 'Type a domain such as research.example.com (no address, no spaces).'),
);
