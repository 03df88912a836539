// Broker Research routes: Broker Domain Mappings (decisions 055, 061). Every route needs
// br_research; requests are form data. A domain that names a broker already is refused at the
// domain field, naming that broker (400); a mapping changed or removed since it was read is a
// 409 with what is stored now.
import type { Context } from 'hono';
import {
  AddDomainMappingForm,
  DOMAIN_BROKER_CHOICES,
  DOMAIN_MAPPING_BROKERS_PATH,
  DOMAIN_MAPPING_PATH,
  DOMAIN_MAPPING_USERS_PATH,
  DOMAIN_MESSAGES,
  DOMAIN_USERS_PAGE,
  DomainBrokerQuery,
  DomainMappingListQuery,
  DomainUsersQuery,
  EditDomainMappingForm,
  RemoveDomainMappingForm,
  type DomainBrokersReply,
  type DomainMappingListReply,
  type DomainMappingReply,
  type DomainUsersReply,
  type RemovedDomainMappingReply,
  type StaleDomainMappingReply,
} from '../../src/domain/broker-research-domain-mappings';
import {
  addDomainMapping,
  brokersNamed,
  editDomainMapping,
  listDomainMappings,
  removeDomainMapping,
  usersOfDomain,
  type DomainChange,
} from '../broker-research/domain-mappings';
import { refuseFields, stale } from '../http/replies';
import { defineRoute, type Route } from '../routes';

const ACCESS = 'br_research' as const;

function refused(c: Context, result: Exclude<DomainChange, { ok: true }>, removing = false): Response {
  switch (result.reason) {
    case 'taken': {
      const msg = result.same
        ? DOMAIN_MESSAGES.exists(result.domain, result.broker)
        : DOMAIN_MESSAGES.namesOther(result.domain, result.broker);
      return refuseFields(c, msg, { domain: msg });
    }
    case 'no_broker':
      return refuseFields(c, DOMAIN_MESSAGES.noBroker, { broker_id: DOMAIN_MESSAGES.noBroker });
    case 'stale': {
      const msg = !result.current
        ? DOMAIN_MESSAGES.missing
        : removing
          ? DOMAIN_MESSAGES.staleRemove(result.current.updated_by)
          : DOMAIN_MESSAGES.stale(result.current.updated_by);
      return stale<StaleDomainMappingReply>(c, msg, { current: result.current });
    }
  }
}

const list = defineRoute({
  method: 'GET',
  path: DOMAIN_MAPPING_PATH,
  access: ACCESS,
  schema: DomainMappingListQuery,
  summary:
    'Broker domain mappings by domain, a page at a time (cursor: the last domain of the page before); q: the start of the domain or of the broker’s name; broker: one broker’s. Each with who changed it last and how many users (not deleted) have an email at the domain.',
  async handler({ c, deps, input }) {
    const page = await listDomainMappings(deps.db, input);
    const reply: DomainMappingListReply = { status: true, ...page };
    return c.json(reply);
  },
});

const add = defineRoute({
  method: 'POST',
  path: DOMAIN_MAPPING_PATH,
  access: ACCESS,
  schema: AddDomainMappingForm,
  summary:
    'Adds a broker domain mapping (domain: lower case, no @; broker_id). A domain naming a broker already: 400 at domain, naming it.',
  async handler({ c, deps, input, now, session }) {
    const result = await addDomainMapping(deps.db, input, { username: session.user.username }, now);
    if (!result.ok) return refused(c, result);
    const reply: DomainMappingReply = {
      status: true,
      msg: DOMAIN_MESSAGES.added(result.mapping.domain, result.mapping.broker_name),
      mapping: result.mapping,
    };
    return c.json(reply);
  },
});

const edit = defineRoute({
  method: 'PUT',
  path: DOMAIN_MAPPING_PATH,
  access: ACCESS,
  schema: EditDomainMappingForm,
  summary:
    'Changes a broker domain mapping’s domain or broker from the version it was read at (changed or removed since: 409 with the mapping now).',
  async handler({ c, deps, input, now, session }) {
    const result = await editDomainMapping(deps.db, input, { username: session.user.username }, now);
    if (!result.ok) return refused(c, result);
    const reply: DomainMappingReply = {
      status: true,
      msg: DOMAIN_MESSAGES.saved(result.mapping.domain, result.mapping.broker_name),
      mapping: result.mapping,
    };
    return c.json(reply);
  },
});

const remove = defineRoute({
  method: 'DELETE',
  path: DOMAIN_MAPPING_PATH,
  access: ACCESS,
  schema: RemoveDomainMappingForm,
  summary:
    'Removes a broker domain mapping from the version it was read at (changed or removed since: 409 with the mapping now).',
  async handler({ c, deps, input, now, session }) {
    const result = await removeDomainMapping(deps.db, input, { username: session.user.username }, now);
    if (!result.ok) return refused(c, result, true);
    const reply: RemovedDomainMappingReply = {
      status: true,
      msg: DOMAIN_MESSAGES.removed(result.mapping.domain),
      id: result.mapping.id,
    };
    return c.json(reply);
  },
});

const brokers = defineRoute({
  method: 'GET',
  path: DOMAIN_MAPPING_BROKERS_PATH,
  access: ACCESS,
  schema: DomainBrokerQuery,
  summary: `The brokers a domain may name: those whose name starts with q, by name (at most ${DOMAIN_BROKER_CHOICES}).`,
  async handler({ c, deps, input }) {
    const reply: DomainBrokersReply = {
      status: true,
      items: await brokersNamed(deps.db, input.q, DOMAIN_BROKER_CHOICES),
    };
    return c.json(reply);
  },
});

const users = defineRoute({
  method: 'GET',
  path: DOMAIN_MAPPING_USERS_PATH,
  access: ACCESS,
  schema: DomainUsersQuery,
  summary: `The users (not deleted) whose email is at a domain, by id, ${DOMAIN_USERS_PAGE} at a time (cursor: the last id of the page before).`,
  async handler({ c, deps, input }) {
    const reply: DomainUsersReply = {
      status: true,
      ...(await usersOfDomain(deps.db, input.domain, input.cursor, DOMAIN_USERS_PAGE)),
    };
    return c.json(reply);
  },
});

export const brokerDomainsRoutes: readonly Route[] = [list, add, edit, remove, brokers, users];
