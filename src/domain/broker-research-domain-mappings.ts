// Broker Domain Mappings (Broker Research tab, spec §2; decisions 055, 061): an email domain names
// one broker, so the platform recognises that broker's staff among its users. Staff list every
// mapping (searched by domain or broker name, filtered by broker, a page at a time by domain),
// add one, change its domain or broker from the version they saw, and remove one. A domain that
// already names another broker is refused at the domain field, naming that broker; the unique
// index decides between two staff adding one domain at once.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { MAX_SEARCH_TEXT } from './constants';
import { DomainName } from './broker-research';
import { Id, Text } from './wire';
import { oneLine } from './wire-input';

/** The calls, from the root (spec §7's words: "broker domain mapping"). */
export const DOMAIN_MAPPING_PATH = '/api/researchreports/broker_domain_mapping/';
export const DOMAIN_MAPPING_BROKERS_PATH = '/api/researchreports/broker_domain_mapping/brokers/';
export const DOMAIN_MAPPING_USERS_PATH = '/api/researchreports/broker_domain_mapping/users/';

export const DOMAIN_MAPPINGS_PAGE = 50;
export const DOMAIN_BROKER_CHOICES = 20;
export const DOMAIN_USERS_PAGE = 50;

export const DOMAIN_MESSAGES = {
  added: (domain: string, broker: string) => `${domain} now names ${broker}.`,
  saved: (domain: string, broker: string) => `Saved: ${domain} names ${broker}.`,
  removed: (domain: string) => `${domain} no longer names a broker.`,
  namesOther: (domain: string, broker: string) => `${domain} already names ${broker}.`,
  exists: (domain: string, broker: string) => `${domain} already names ${broker}: this mapping exists.`,
  noBroker: 'There is no such broker; choose one from the list.',
  chooseBroker: 'Choose a broker.',
  missing: 'This mapping is no longer there: someone else removed it.',
  stale: (who: string) => `${who} changed this mapping after you opened it; nothing of yours was saved.`,
  staleRemove: (who: string) => `${who} changed this mapping after you opened it; it was not removed.`,
} as const;

// ── requests ──────────────────────────────────────────────────────────
/** Search text as typed; compared lower case, as a prefix of the domain or of the broker's name. */
const Search = v.optional(Text(MAX_SEARCH_TEXT), '');
const OptionalId = v.optional(v.union([v.literal(''), Id]), '');

export const DomainMappingListQuery = v.object({
  q: Search,
  broker: OptionalId,
  /** The last domain of the page before (keyset). */
  cursor: v.optional(v.pipe(v.string(), v.maxLength(253), oneLine()), ''),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'A whole number.'), v.transform(Number), v.minValue(1), v.maxValue(200)),
    String(DOMAIN_MAPPINGS_PAGE),
  ),
});
export type DomainMappingListQuery = v.InferOutput<typeof DomainMappingListQuery>;

const BrokerId = v.pipe(
  v.string(DOMAIN_MESSAGES.chooseBroker),
  v.nonEmpty(DOMAIN_MESSAGES.chooseBroker),
  v.regex(/^\d{1,15}$/, DOMAIN_MESSAGES.chooseBroker),
  v.transform(Number),
  v.minValue(1, DOMAIN_MESSAGES.chooseBroker),
);
const Version = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}$/, 'Expected a version.'),
  v.transform(Number),
  v.minValue(1, 'Expected a version.'),
);

export const AddDomainMappingForm = v.object({ domain: DomainName, broker_id: BrokerId });
export type AddDomainMappingForm = v.InferOutput<typeof AddDomainMappingForm>;
export const EditDomainMappingForm = v.object({ id: Id, version: Version, domain: DomainName, broker_id: BrokerId });
export type EditDomainMappingForm = v.InferOutput<typeof EditDomainMappingForm>;
export const RemoveDomainMappingForm = v.object({ id: Id, version: Version });
export type RemoveDomainMappingForm = v.InferOutput<typeof RemoveDomainMappingForm>;

export const DomainBrokerQuery = v.object({ q: Search });
export const DomainUsersQuery = v.object({ domain: DomainName, cursor: v.optional(v.union([v.literal(''), Id]), '') });

// ── replies ───────────────────────────────────────────────────────────
export const DomainMapping = v.object({
  id: v.number(),
  domain: v.string(),
  broker_id: v.number(),
  broker_name: v.string(),
  updated_by: v.string(),
  updated_at: v.number(),
  version: v.number(),
  /** Users not deleted whose email is at this domain: the staff it recognises. */
  users: v.number(),
});
export type DomainMapping = v.InferOutput<typeof DomainMapping>;

export const DomainMappingListReply = v.object({
  status: v.literal(true),
  items: v.array(DomainMapping),
  /** The cursor of the next page, or null on the last. */
  next: v.nullable(v.string()),
});
export type DomainMappingListReply = v.InferOutput<typeof DomainMappingListReply>;

export const DomainMappingReply = v.object({ status: v.literal(true), msg: v.string(), mapping: DomainMapping });
export type DomainMappingReply = v.InferOutput<typeof DomainMappingReply>;
export const RemovedDomainMappingReply = v.object({ status: v.literal(true), msg: v.string(), id: v.number() });
export type RemovedDomainMappingReply = v.InferOutput<typeof RemovedDomainMappingReply>;

/** 409: someone changed or removed the mapping since it was read; `current` is what is stored now (null: removed). */
export const StaleDomainMappingReply = v.object({
  status: v.literal(false),
  stale: v.literal(true),
  msg: v.string(),
  current: v.nullable(DomainMapping),
});
export type StaleDomainMappingReply = v.InferOutput<typeof StaleDomainMappingReply>;

export const DomainBroker = v.object({ id: v.number(), name: v.string() });
export type DomainBroker = v.InferOutput<typeof DomainBroker>;
export const DomainBrokersReply = v.object({ status: v.literal(true), items: v.array(DomainBroker) });
export type DomainBrokersReply = v.InferOutput<typeof DomainBrokersReply>;

export const DomainUser = v.object({
  id: v.number(),
  username: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  active: v.boolean(),
});
export type DomainUser = v.InferOutput<typeof DomainUser>;
export const DomainUsersReply = v.object({
  status: v.literal(true),
  items: v.array(DomainUser),
  next: v.nullable(v.number()),
});
export type DomainUsersReply = v.InferOutput<typeof DomainUsersReply>;

/** A 409 body read by shape: the stale reply, or null. */
export const staleDomainMappingOf = (error: unknown): StaleDomainMappingReply | null =>
  conflictOf(error, StaleDomainMappingReply);
