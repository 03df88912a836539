// Broker Research, Broker Details and Brokers (spec §2, §3, §7 "Broker research"; decisions 055,
// 059): one broker's record — names, distributor info, sales contacts (the spec's brokersales),
// MiFID II status (the mifid update), linked brokers (link_broker) and the entitlements granted
// through it — and the broker list with the user groups of a broker. Every change to a broker's
// record names the broker's version it was read at; a change in between answers 409 with the
// record as stored now and who changed it. Bodies are form data.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { MIFID_STATUSES, type MifidStatus } from './broker-research';
import { Email } from './users';
import { Id } from './wire';
import { lines, oneLine } from './wire-input';

// ── limits and messages ───────────────────────────────────────────────
export const BROKER_LIMITS = {
  contactName: 120,
  email: 254,
  phone: 40,
  region: 60,
  code: 64,
  groupName: 80,
  description: 500,
  search: 100,
  membersPerAdd: 100,
} as const;
export const BROKER_PAGE_SIZE = 50;
export const BROKER_PAGE_MAX = 200;

export const BROKER_DETAILS_MESSAGES = {
  noBroker: 'No broker has this id.',
  selfLink: 'A broker cannot be linked to itself.',
  alreadyLinked: 'These brokers are linked already.',
  notLinked: 'These brokers are not linked.',
  noContact: 'This broker has no such sales contact.',
  contactEmailTaken: 'This broker has a sales contact with this email already.',
  unknownDist: 'Choose a distributor of this platform.',
  mifidSaved: 'MiFID II status saved.',
  contactAdded: 'Sales contact added.',
  contactSaved: 'Sales contact saved.',
  contactRemoved: 'Sales contact removed.',
  linked: 'Brokers linked.',
  unlinked: 'Brokers unlinked.',
  distributorSaved: 'Distributor info saved.',
} as const;

export const USER_GROUP_MESSAGES = {
  noGroup: 'This user group no longer exists.',
  nameTaken: 'This broker has a user group with this name already.',
  created: 'User group created.',
  saved: 'User group saved.',
  deleted: 'User group deleted.',
  membersAdded: (n: number) => (n === 1 ? '1 member added.' : `${n} members added.`),
  memberRemoved: 'Member removed.',
  noUsers: (who: readonly string[]) => `No live user has the email or username ${who.join(', ')}.`,
} as const;

// ── shared field schemas ──────────────────────────────────────────────
const Version = v.pipe(
  v.union([
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Expected the version the broker was read at.'), v.transform(Number)),
    v.number(),
  ]),
  v.integer('Expected a version.'),
  v.minValue(1, 'Expected a version.'),
);
// Text fields refuse control characters (wire-input.ts): PostgreSQL cannot store or compare a NUL.
const Line = (label: string, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`Type the ${label}.`),
    v.maxLength(max, `At most ${max} characters.`),
    oneLine(),
  );
const Optional = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters.`), oneLine()), '');
const Search = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(BROKER_LIMITS.search, `At most ${BROKER_LIMITS.search} characters.`),
    oneLine(),
  ),
  '',
);

export const MifidStatusSchema = v.picklist(MIFID_STATUSES, 'Choose a MiFID II status.');

// ── Broker Details: the record ─────────────────────────────────────────
export const BrokerDetailsQuery = v.object({ broker: Id });

const Distributor = v.object({ dist: v.string(), code: v.string(), active: v.boolean(), since: v.number() });
export type BrokerDistributor = v.InferOutput<typeof Distributor>;
const SalesContact = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  region: v.string(),
  created_at: v.number(),
});
export type SalesContact = v.InferOutput<typeof SalesContact>;
const LinkedBroker = v.object({ id: v.number(), name: v.string(), created_by: v.string(), created_at: v.number() });
export type LinkedBroker = v.InferOutput<typeof LinkedBroker>;

export const BrokerRecord = v.object({
  id: v.number(),
  name: v.string(),
  legal_name: v.nullable(v.string()),
  short_name: v.nullable(v.string()),
  open_access: v.boolean(),
  group: v.nullable(v.object({ id: v.number(), name: v.string() })),
  mifid_status: MifidStatusSchema,
  mifid_updated_by: v.nullable(v.string()),
  mifid_updated_at: v.nullable(v.number()),
  /** Raised by every change of the record; a change names the version it was read at. */
  version: v.number(),
  updated_by: v.nullable(v.string()),
  updated_at: v.nullable(v.number()),
});
export type BrokerRecord = v.InferOutput<typeof BrokerRecord>;

/** The entitlements granted through a broker: fulfillments by status, open requests by status. */
export const BrokerEntitlements = v.object({
  active_fulfillments: v.number(),
  ended_fulfillments: v.number(),
  new_requests: v.number(),
  sent_requests: v.number(),
});
export type BrokerEntitlements = v.InferOutput<typeof BrokerEntitlements>;

export const BrokerDetails = v.object({
  broker: BrokerRecord,
  distributors: v.array(Distributor),
  sales_contacts: v.array(SalesContact),
  links: v.array(LinkedBroker),
  entitlements: BrokerEntitlements,
});
export type BrokerDetails = v.InferOutput<typeof BrokerDetails>;

/** GET api/broker/details/ and every change's reply: the record as stored now, msg saying what was done. */
export const BrokerDetailsReply = v.object({ status: v.literal(true), msg: v.string(), details: BrokerDetails });
export type BrokerDetailsReply = v.InferOutput<typeof BrokerDetailsReply>;

/** HTTP 409: the broker changed since the version the change named; `details` is what is stored now. */
export const StaleBrokerReply = v.object({
  status: v.literal(false),
  stale: v.literal(true),
  msg: v.string(),
  details: BrokerDetails,
});
export type StaleBrokerReply = v.InferOutput<typeof StaleBrokerReply>;

export const staleBrokerOf = (error: unknown): StaleBrokerReply | null => conflictOf(error, StaleBrokerReply);

// ── Broker Details: the changes (form data, each with broker and version) ──
const Change = { broker: Id, version: Version };

/** PUT api/broker/mifid/: the mifid update. */
export const MifidForm = v.object({ ...Change, mifid_status: MifidStatusSchema });
export type MifidForm = v.InferOutput<typeof MifidForm>;

const ContactFields = {
  name: Line('name', BROKER_LIMITS.contactName),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('Type the email.'), Email),
  phone: Optional(BROKER_LIMITS.phone),
  region: Optional(BROKER_LIMITS.region),
};
/** POST api/broker/brokersales/: a new sales contact. */
export const AddContactForm = v.object({ ...Change, ...ContactFields });
export type AddContactForm = v.InferOutput<typeof AddContactForm>;
/** PUT api/broker/brokersales/: a sales contact changed. */
export const EditContactForm = v.object({ ...Change, contact: Id, ...ContactFields });
export type EditContactForm = v.InferOutput<typeof EditContactForm>;
/** DELETE api/broker/brokersales/: a sales contact removed. */
export const RemoveContactForm = v.object({ ...Change, contact: Id });
export type RemoveContactForm = v.InferOutput<typeof RemoveContactForm>;

/** POST (link) and DELETE (unlink) api/broker/link_broker/. */
export const LinkBrokerForm = v.object({ ...Change, linked_broker: Id });
export type LinkBrokerForm = v.InferOutput<typeof LinkBrokerForm>;

/** PUT api/broker/distributor_info/: the broker's code at a distributor, carried or not. */
export const DistributorInfoForm = v.object({
  ...Change,
  dist: v.pipe(v.string(), v.trim(), v.nonEmpty('Choose a distributor.'), v.maxLength(40), oneLine()),
  code: Line('code', BROKER_LIMITS.code),
  active: v.pipe(
    v.picklist(['true', 'false'], 'Must be true or false.'),
    v.transform((x) => x === 'true'),
  ),
});
export type DistributorInfoForm = v.InferOutput<typeof DistributorInfoForm>;

/** One change of a broker's record, from the version it was read at. */
export type BrokerChange =
  | { kind: 'mifid'; mifid_status: MifidStatus }
  | { kind: 'contact.add'; name: string; email: string; phone: string; region: string }
  | { kind: 'contact.edit'; contact: number; name: string; email: string; phone: string; region: string }
  | { kind: 'contact.remove'; contact: number }
  | { kind: 'link'; linked_broker: number }
  | { kind: 'unlink'; linked_broker: number }
  | { kind: 'distributor'; dist: string; code: string; active: boolean };

// ── Brokers: the paged list ────────────────────────────────────────────
/** GET api/broker/list/: brokers by name, searched (q: any part of the name), of one group (pb), from a cursor. */
export const BrokerPageQuery = v.object({
  q: Search,
  pb: v.optional(Id),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(400))),
  limit: v.optional(
    v.pipe(
      v.union([v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number)), v.number()]),
      v.integer(),
      v.minValue(1),
      v.maxValue(BROKER_PAGE_MAX),
    ),
    BROKER_PAGE_SIZE,
  ),
});
export type BrokerPageQuery = v.InferOutput<typeof BrokerPageQuery>;

export const BrokerRow = v.object({
  id: v.number(),
  name: v.string(),
  legal_name: v.nullable(v.string()),
  open_access: v.boolean(),
  group: v.nullable(v.string()),
  mifid_status: MifidStatusSchema,
});
export type BrokerRow = v.InferOutput<typeof BrokerRow>;
export const BrokerPageReply = v.object({
  status: v.literal(true),
  brokers: v.array(BrokerRow),
  next: v.nullable(v.string()),
});
export type BrokerPageReply = v.InferOutput<typeof BrokerPageReply>;

/** The keyset cursor of the list: the last row's name and id. */
export const brokerCursorOf = (row: { name: string; id: number }): string => JSON.stringify([row.name, row.id]);
export function readBrokerCursor(cursor: string): { name: string; id: number } | null {
  try {
    const parsed: unknown = JSON.parse(cursor);
    // A NUL cannot be a stored name (and PostgreSQL cannot compare one): such a cursor is no cursor.
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      !parsed[0].includes('\u0000') &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { name: parsed[0], id: parsed[1] as number };
    }
  } catch {
    return null;
  }
  return null;
}

// ── Brokers: the user groups of a broker ──────────────────────────────
export const UserGroupsQuery = v.object({ broker: Id });
export const UserGroup = v.object({
  id: v.number(),
  broker_id: v.number(),
  name: v.string(),
  description: v.string(),
  member_count: v.number(),
  version: v.number(),
  updated_by: v.string(),
  updated_at: v.number(),
});
export type UserGroup = v.InferOutput<typeof UserGroup>;
export const UserGroupsReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  groups: v.array(UserGroup),
  /** The broker, named (the GET answers it; the panel opened from a URL names it so). */
  broker: v.optional(v.object({ id: v.number(), name: v.string() })),
});
export type UserGroupsReply = v.InferOutput<typeof UserGroupsReply>;

const GroupFields = {
  name: Line('name', BROKER_LIMITS.groupName),
  description: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(BROKER_LIMITS.description, `At most ${BROKER_LIMITS.description} characters.`),
      lines(),
    ),
    '',
  ),
};
/** POST api/broker/user_group/create/ */
export const CreateUserGroupForm = v.object({ broker: Id, ...GroupFields });
export type CreateUserGroupForm = v.InferOutput<typeof CreateUserGroupForm>;
/** PUT api/broker/user_group/update/: from the group's version. */
export const UpdateUserGroupForm = v.object({ group: Id, version: Version, ...GroupFields });
export type UpdateUserGroupForm = v.InferOutput<typeof UpdateUserGroupForm>;
/** DELETE api/broker/user_group/delete/: from the group's version (the members go with it). */
export const DeleteUserGroupForm = v.object({ group: Id, version: Version });
export type DeleteUserGroupForm = v.InferOutput<typeof DeleteUserGroupForm>;

/** Emails or usernames, one a line or separated by commas or spaces. */
export const identifiersOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
];

export const MembersQuery = v.object({ group: Id });
export const GroupMember = v.object({ id: v.number(), username: v.string(), email: v.string(), name: v.string() });
export type GroupMember = v.InferOutput<typeof GroupMember>;
export const MembersReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  group: UserGroup,
  members: v.array(GroupMember),
});
export type MembersReply = v.InferOutput<typeof MembersReply>;
/** POST api/broker/user_group/members/: users added by email or username. */
export const AddMembersForm = v.object({
  group: Id,
  users: v.pipe(
    v.string(),
    v.maxLength(20_000),
    lines(),
    v.transform(identifiersOf),
    v.minLength(1, 'Type an email or username.'),
    v.maxLength(BROKER_LIMITS.membersPerAdd, `At most ${BROKER_LIMITS.membersPerAdd} users at once.`),
  ),
});
export type AddMembersForm = v.InferOutput<typeof AddMembersForm>;
/** DELETE api/broker/user_group/members/: one member removed. */
export const RemoveMemberForm = v.object({ group: Id, user: Id });
export type RemoveMemberForm = v.InferOutput<typeof RemoveMemberForm>;

/** HTTP 409 of a group changed or deleted since it was read: the groups of its broker as stored now. */
export const StaleUserGroupReply = v.object({
  status: v.literal(false),
  stale: v.literal(true),
  msg: v.string(),
  groups: v.array(UserGroup),
});
export type StaleUserGroupReply = v.InferOutput<typeof StaleUserGroupReply>;
export const staleUserGroupOf = (error: unknown): StaleUserGroupReply | null => conflictOf(error, StaleUserGroupReply);
