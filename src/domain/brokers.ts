// Brokers (spec §3, §7 "Broker research", §8, §9): the Restrict Broker calls, the broker research
// lists, and the words both sides share. A broker travels as `{product}_id` and a broker group as
// `{product}Id` (product.ts's key); inside, both are `id`. Shapes the spec leaves open are ours:
// docs/decisions/047-restrict-broker.md.
import * as v from 'valibot';
import { Email } from './users';
import { FormBool, Id, JsonField } from './wire';

/** Spec §9: each row of a broker list, and the list's visible height. */
export const BROKER_ROW_HEIGHT_PX = 30;
export const BROKER_LIST_HEIGHT_PX = 360;

/** The four buttons of Restrict Broker, as api/mybroker/ names them. */
export const BROKER_ACTIONS = ['add', 'delete', 'remove_oa', 'overwrite_req'] as const;
export type BrokerAction = (typeof BROKER_ACTIONS)[number];
/** Actions that act on the whole list with one click; the others act on the brokers sent. */
export const ONE_CLICK_ACTIONS: readonly BrokerAction[] = ['remove_oa', 'overwrite_req'];

export const BROKER_ACTION_LABELS: Record<BrokerAction, string> = {
  remove_oa: 'Remove Open Access Brokers',
  overwrite_req: 'Replace with Requested Brokers',
  add: 'Add to My Brokers',
  delete: 'Delete from My Brokers',
};

/** Spec §8. */
export const BROKER_MESSAGES = {
  actionNotAllowed: 'Action not allowed...',
  actionDone: 'Response: Success',
  flagsSaved: 'Response: 200 OK',
  frozen: 'Freeze My Brokers is on: My Brokers cannot be changed.',
  frozenResult: 'Turn Freeze My Brokers off to change this user’s brokers.',
  noUser: 'No user has this email.',
  noBrokersChosen: 'Select at least one broker.',
} as const;

/** Most broker ids one action takes (a list holds a few thousand). */
export const MAX_BROKERS_PER_ACTION = 10_000;
/** Most users get_entity_list/ answers for one organization, by name. */
export const ENTITY_LIST_MAX = 1_000;

/** A broker as the panel holds it. */
export interface Broker {
  id: number;
  name: string;
  /** Open to every user: holding it in My Brokers restricts nothing (Remove Open Access Brokers). */
  open_access: boolean;
}

export interface BrokerLists {
  my: Broker[];
  requested: Broker[];
}

export interface BrokerFlags {
  auto_brm_update: boolean;
  freeze: boolean;
}

export const BrokerGroup = v.object({ id: v.number(), name: v.string(), productId: v.number() });
export type BrokerGroup = v.InferOutput<typeof BrokerGroup>;

// ── requests (the server validates them) ────────────────────────────────
/** POST api/account/get_entity_list/: the users of the organizations with these CRM account ids. */
export const EntityListForm = v.object({
  sf_acc_ids: JsonField(
    v.pipe(v.array(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))), v.minLength(1), v.maxLength(50)),
    'sf_acc_ids',
  ),
  origin: v.picklist(['restrict_broker'], 'Expected origin restrict_broker.'),
});
export type EntityListForm = v.InferOutput<typeof EntityListForm>;

/** GET api/mybroker/?email= */
export const MyBrokerQuery = v.object({ email: Email });

/** PUT api/mybroker/: one or both switches. */
export const BrokerFlagsChange = v.pipe(
  v.object({ auto_brm_update: v.optional(v.boolean()), freeze: v.optional(v.boolean()) }),
  v.check((f) => f.auto_brm_update !== undefined || f.freeze !== undefined, 'Send auto_brm_update, freeze or both.'),
);
export const MyBrokerFlagsForm = v.object({ email: Email, flags: JsonField(BrokerFlagsChange, 'flags') });
export type MyBrokerFlagsForm = v.InferOutput<typeof MyBrokerFlagsForm>;

/** POST api/mybroker/: one of the four actions on the user's My Brokers. */
export const MyBrokerActionForm = v.object({
  email: Email,
  brokers: v.optional(JsonField(v.pipe(v.array(Id), v.maxLength(MAX_BROKERS_PER_ACTION)), 'brokers'), '[]'),
  action: v.picklist(BROKER_ACTIONS, BROKER_MESSAGES.actionNotAllowed),
  one_click: v.optional(FormBool, 'false'),
});
export type MyBrokerActionForm = v.InferOutput<typeof MyBrokerActionForm>;

/** GET api/broker/?pb=: every broker, or (pb) those of one broker group. */
export const BrokerListQuery = v.object({ pb: v.optional(Id) });

// ── replies (the panel parses them), keyed by the product ───────────────
const OrgUser = v.object({
  /** The user's email: what api/mybroker/ is asked with. */
  key: v.string(),
  /** The user's id (ours, beside the spec's fields): what the screen's address names. */
  id: v.number(),
  text: v.string(),
  pid: v.number(),
  pname: v.string(),
  broker_count: v.number(),
});
export type OrgUser = v.InferOutput<typeof OrgUser>;
export const EntityListReply = v.object({ status: v.literal(true), user: v.array(OrgUser), more: v.boolean() });
export type EntityListReply = v.InferOutput<typeof EntityListReply>;

/** The wire names of a broker's and a broker group's platform id. */
export const brokerIdField = (product: string) => `${product}_id`;
export const brokerGroupIdField = (product: string) => `${product}Id`;

const replies = new Map<string, ReturnType<typeof makeReplies>>();

function makeReplies(product: string) {
  const idField = brokerIdField(product);
  const groupField = brokerGroupIdField(product);
  // The id's key is known only at run time; each entry is checked, then read by name.
  const WireBroker = v.pipe(
    v.object({ [idField]: v.number(), name: v.string(), open_access: v.optional(v.boolean(), false) }),
    v.transform((b): Broker => {
      const r = b as Record<string, unknown>;
      return { id: r[idField] as number, name: r['name'] as string, open_access: r['open_access'] as boolean };
    }),
  );
  const Lists = v.pipe(
    v.object({ my_brokers: v.array(WireBroker), req_brokers: v.array(WireBroker) }),
    v.transform((l): BrokerLists => ({ my: l.my_brokers, requested: l.req_brokers })),
  );
  return {
    MyBrokerReply: v.object({
      status: v.literal(true),
      my_brokers: v.array(WireBroker),
      req_brokers: v.array(WireBroker),
      auto_brm_update: v.boolean(),
      freeze: v.boolean(),
    }),
    FlagsReply: v.object({
      status: v.literal(true),
      msg: v.string(),
      auto_brm_update: v.boolean(),
      freeze: v.boolean(),
    }),
    ActionReply: v.object({
      status: v.boolean(),
      msg: v.string(),
      result: v.string(),
      brokers: Lists,
      freeze: v.boolean(),
    }),
    BrokerListReply: v.object({ status: v.literal(true), brokers: v.array(WireBroker) }),
    BrokerGroupReply: v.object({
      status: v.literal(true),
      brokerGroup: v.array(
        v.pipe(
          v.object({ id: v.number(), name: v.string(), [groupField]: v.number() }),
          v.transform((g): BrokerGroup => {
            const r = g as Record<string, unknown>;
            return { id: r['id'] as number, name: r['name'] as string, productId: r[groupField] as number };
          }),
        ),
      ),
    }),
  };
}

/** The reply schemas for a product key (the wire field names carry it). */
export function brokerReplies(product: string): ReturnType<typeof makeReplies> {
  let r = replies.get(product);
  if (!r) replies.set(product, (r = makeReplies(product)));
  return r;
}

/** What an action did; `freeze` as the server found it (someone may have frozen the user meanwhile). */
export type ActionOutcome = { status: boolean; msg: string; result: string; brokers: BrokerLists; freeze: boolean };

/** A broker as the wire carries it. */
export function brokerToWire(product: string, b: Broker): Record<string, unknown> {
  return { [brokerIdField(product)]: b.id, name: b.name, open_access: b.open_access };
}

/** The rows of a list that its search shows: names containing the text, any case. */
export function filterBrokers(list: readonly Broker[], search: string): readonly Broker[] {
  const q = search.trim().toLowerCase();
  return q ? list.filter((b) => b.name.toLowerCase().includes(q)) : list;
}
