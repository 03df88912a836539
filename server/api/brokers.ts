// The broker calls (spec §7 "Broker research"; decision 047). Restrict Broker (feature
// restrict_broker_access): an organization's users, a user's My Brokers and Requested Brokers,
// the two switches and the four actions. Broker Research (br_research): the broker groups and
// the broker list, optionally of one group (pb).
import type { Context } from 'hono';
import {
  BROKER_MESSAGES,
  BrokerListQuery,
  brokerGroupIdField,
  brokerToWire,
  EntityListForm,
  MyBrokerActionForm,
  MyBrokerFlagsForm,
  MyBrokerQuery,
  ONE_CLICK_ACTIONS,
  type BrokerLists,
  type EntityListReply,
} from '../../src/domain/brokers';
import { listBrokerGroups, listBrokers, unknownBrokerIds } from '../brokers/catalogue';
import { usersOfOrganizations } from '../brokers/entities';
import { flagsOf, listsOf, runBrokerAction, saveBrokerFlags, userByEmail } from '../brokers/my-brokers';
import { refuseFields } from '../http/replies';
import { defineRoute } from '../routes';

const wireLists = (product: string, lists: BrokerLists) => ({
  my_brokers: lists.my.map((b) => brokerToWire(product, b)),
  req_brokers: lists.requested.map((b) => brokerToWire(product, b)),
});

const noUser = (c: Context) => refuseFields(c, BROKER_MESSAGES.noUser, { email: BROKER_MESSAGES.noUser });

const entityList = defineRoute({
  method: 'POST',
  path: '/api/account/get_entity_list/',
  access: 'restrict_broker_access',
  schema: EntityListForm,
  summary:
    'The live users of the organizations with these CRM account ids (origin restrict_broker), by name, each with its My Brokers count.',
  async handler({ c, deps, input }) {
    const { users, more } = await usersOfOrganizations(deps.db, input.sf_acc_ids);
    const reply: EntityListReply = { status: true, user: users, more };
    return c.json(reply);
  },
});

const getMyBrokers = defineRoute({
  method: 'GET',
  path: '/api/mybroker/',
  access: 'restrict_broker_access',
  schema: MyBrokerQuery,
  summary: "A user's My Brokers and Requested Brokers, with Auto BRM Update and Freeze My Brokers.",
  async handler({ c, deps, input }) {
    const user = await userByEmail(deps.db, input.email);
    if (!user) return noUser(c);
    const [lists, flags] = await Promise.all([listsOf(deps.db, user.id), flagsOf(deps.db, user.id)]);
    return c.json({ status: true, ...wireLists(deps.config.productKey, lists), ...flags });
  },
});

const putMyBrokerFlags = defineRoute({
  method: 'PUT',
  path: '/api/mybroker/',
  access: 'restrict_broker_access',
  schema: MyBrokerFlagsForm,
  summary: 'Saves Auto BRM Update and/or Freeze My Brokers; always allowed, so a frozen user can be unfrozen.',
  async handler({ c, deps, now, input, session }) {
    const user = await userByEmail(deps.db, input.email);
    if (!user) return noUser(c);
    const flags = await saveBrokerFlags(deps.db, user, input.flags, session.user.username, now);
    const words = (on: boolean) => (on ? 'on' : 'off');
    return c.json({
      status: true,
      msg: `Auto BRM Update ${words(flags.auto_brm_update)}, Freeze My Brokers ${words(flags.freeze)}.`,
      ...flags,
    });
  },
});

const postMyBrokerAction = defineRoute({
  method: 'POST',
  path: '/api/mybroker/',
  access: 'restrict_broker_access',
  schema: MyBrokerActionForm,
  summary:
    "One action on a user's My Brokers: add, delete, remove_oa (open-access brokers) or overwrite_req (the requested ones); refused while frozen.",
  async handler({ c, deps, now, input, session }) {
    const oneClick = ONE_CLICK_ACTIONS.includes(input.action);
    if (!oneClick && input.brokers.length === 0)
      return refuseFields(c, BROKER_MESSAGES.noBrokersChosen, { brokers: BROKER_MESSAGES.noBrokersChosen });
    const brokers = oneClick ? [] : [...new Set(input.brokers)];
    const unknown = await unknownBrokerIds(deps.db, brokers);
    if (unknown.length) {
      const msg = `No broker has the id ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` (and ${unknown.length - 10} more)` : ''}.`;
      return refuseFields(c, msg, { brokers: msg });
    }
    const user = await userByEmail(deps.db, input.email);
    if (!user) return noUser(c);
    const outcome = await runBrokerAction(deps.db, {
      user,
      action: input.action,
      brokers,
      oneClick: input.one_click,
      author: session.user.username,
      now,
    });
    return c.json({
      status: outcome.status,
      msg: outcome.msg,
      result: outcome.result,
      brokers: wireLists(deps.config.productKey, outcome.brokers),
      freeze: outcome.freeze,
    });
  },
});

const getBrokerGroups = defineRoute({
  method: 'GET',
  path: '/api/brokergroup/',
  access: 'br_research',
  summary: 'Every broker group: id, {product}Id and name, by name.',
  async handler({ c, deps }) {
    const groups = await listBrokerGroups(deps.db);
    const field = brokerGroupIdField(deps.config.productKey);
    return c.json({ status: true, brokerGroup: groups.map((g) => ({ id: g.id, [field]: g.productId, name: g.name })) });
  },
});

const getBrokers = defineRoute({
  method: 'GET',
  path: '/api/broker/',
  access: 'br_research',
  schema: BrokerListQuery,
  summary: "Every broker ({product}_id, name, open_access) by name; pb (a broker group id) keeps that group's brokers.",
  async handler({ c, deps, input }) {
    const brokers = await listBrokers(deps.db, input.pb);
    return c.json({ status: true, brokers: brokers.map((b) => brokerToWire(deps.config.productKey, b)) });
  },
});

export const brokerRoutes = [
  entityList,
  getMyBrokers,
  putMyBrokerFlags,
  postMyBrokerAction,
  getBrokerGroups,
  getBrokers,
];
