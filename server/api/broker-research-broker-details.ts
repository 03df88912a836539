// Broker Research routes: Broker Details and the broker list (spec §7 "Broker research": the mifid
// update, link_broker, brokersales, distributor info; decision 059). One broker's record read
// whole; every change names the broker and the version it was read at, answers with the record as
// stored now, or 409 with it when someone changed the broker first (saying who), or 400 naming
// the field it refuses.
import type { Context } from 'hono';
import type * as v from 'valibot';
import { distributorsFor, TRI_SUBMITTOR } from '../../src/domain/broker-research';
import {
  AddContactForm,
  BROKER_DETAILS_MESSAGES as M,
  BrokerDetailsQuery,
  BrokerPageQuery,
  DistributorInfoForm,
  EditContactForm,
  LinkBrokerForm,
  MifidForm,
  RemoveContactForm,
  type BrokerDetailsReply,
  type BrokerPageReply,
  type StaleBrokerReply,
} from '../../src/domain/broker-research-brokers';
import { changeBroker, pageBrokers, readBrokerDetails, type Change } from '../broker-research/broker-details';
import { refuseField, refuseFields, stale } from '../http/replies';
import { defineRoute, type Route } from '../routes';
import type { AppDeps, CurrentSession } from '../context';

const noBroker = (c: Context) => refuseFields(c, M.noBroker, { broker: M.noBroker });

async function runChange(
  c: Context,
  deps: AppDeps,
  session: CurrentSession,
  now: number,
  input: { broker: number; version: number },
  change: Change,
): Promise<Response> {
  // Distributor info names either distributor; Refinitiv's flags (not its codes) are what tri_submittor guards.
  const dists = distributorsFor(deps.config.productKey, [TRI_SUBMITTOR]);
  const result = await changeBroker(
    deps.db,
    { broker: input.broker, version: input.version, change, dists },
    session.user.username,
    now,
  );
  if (result.ok) return c.json({ status: true, msg: result.msg, details: result.details } satisfies BrokerDetailsReply);
  if (result.reason === 'missing') return noBroker(c);
  if (result.reason === 'stale') return stale<StaleBrokerReply>(c, result.msg, { details: result.details });
  return refuseField(c, result);
}

const details = defineRoute({
  method: 'GET',
  path: '/api/broker/details/',
  access: 'br_research',
  schema: BrokerDetailsQuery,
  summary:
    "One broker's record: names, group, MiFID II status (who set it, when), distributors and codes, sales contacts, linked brokers, counts of its fulfillments and open requests, and its version.",
  async handler({ c, deps, input }) {
    const found = await readBrokerDetails(deps.db, input.broker);
    if (!found) return noBroker(c);
    return c.json({ status: true, msg: '', details: found } satisfies BrokerDetailsReply);
  },
});

const list = defineRoute({
  method: 'GET',
  path: '/api/broker/list/',
  access: 'br_research',
  schema: BrokerPageQuery,
  summary:
    "A page of brokers by name (id, name, legal name, open access, group, MiFID II status): q searches the names, pb keeps one broker group, cursor continues; next is the following page's cursor or null.",
  async handler({ c, deps, input }) {
    const page = await pageBrokers(deps.db, input);
    return c.json({ status: true, ...page } satisfies BrokerPageReply);
  },
});

/** A change of one broker from its version: the form's `change`, run and answered by runChange. */
function brokerChange<S extends v.GenericSchema<unknown, { broker: number; version: number }>>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  summary: string,
  change: (input: v.InferOutput<S>) => Change,
): Route {
  return defineRoute({
    method,
    path,
    access: 'br_research',
    schema,
    summary,
    handler: ({ c, deps, input, now, session }) => runChange(c, deps, session, now, input, change(input)),
  });
}

const mifid = brokerChange(
  'PUT',
  '/api/broker/mifid/',
  MifidForm,
  "The mifid update: sets a broker's MiFID II status (unknown, pending, compliant, non_compliant) from its version, with who and when.",
  (input) => ({ kind: 'mifid', mifid_status: input.mifid_status }),
);

const addContact = brokerChange(
  'POST',
  '/api/broker/brokersales/',
  AddContactForm,
  'brokersales: adds a sales contact (name, email, phone, region) to a broker from its version; one contact per email per broker.',
  (input) => ({ kind: 'contact.add', name: input.name, email: input.email, phone: input.phone, region: input.region }),
);

const editContact = brokerChange(
  'PUT',
  '/api/broker/brokersales/',
  EditContactForm,
  "brokersales: changes one of a broker's sales contacts (contact: its id) from the broker's version.",
  (input) => ({
    kind: 'contact.edit',
    contact: input.contact,
    name: input.name,
    email: input.email,
    phone: input.phone,
    region: input.region,
  }),
);

const removeContact = brokerChange(
  'DELETE',
  '/api/broker/brokersales/',
  RemoveContactForm,
  "brokersales: removes one of a broker's sales contacts from the broker's version.",
  (input) => ({ kind: 'contact.remove', contact: input.contact }),
);

const link = brokerChange(
  'POST',
  '/api/broker/link_broker/',
  LinkBrokerForm,
  'link_broker: links two brokers that are one firm (stored once, lower id first); never a broker to itself, never twice.',
  (input) => ({ kind: 'link', linked_broker: input.linked_broker }),
);

const unlink = brokerChange(
  'DELETE',
  '/api/broker/link_broker/',
  LinkBrokerForm,
  'link_broker: unlinks two linked brokers, from the version of the broker it is done from.',
  (input) => ({ kind: 'unlink', linked_broker: input.linked_broker }),
);

const distributorInfo = brokerChange(
  'PUT',
  '/api/broker/distributor_info/',
  DistributorInfoForm,
  "distributor info: sets a broker's code at a distributor ({product} or tri, Refinitiv) and whether that distributor carries its research.",
  (input) => ({ kind: 'distributor', dist: input.dist, code: input.code, active: input.active }),
);

export const brokerDetailsRoutes: readonly Route[] = [
  details,
  list,
  mifid,
  addContact,
  editContact,
  removeContact,
  link,
  unlink,
  distributorInfo,
];
