// Broker Research, Control Panel (spec §3, §6, §7 "Broker research", §8; decision 056): the
// research flags of a distributor read and saved (brflags/), and the count of submissions waiting
// (get_new_researchreports/). The product's distributor is everyone's with br_research; tri
// (Refinitiv) only a session whose other_features has tri_submittor (403 otherwise); any other
// distributor is refused by name (400).
import type { Context } from 'hono';
import { distributorLabel } from '../../src/domain/broker-research';
import {
  FLAG_MESSAGES,
  FlagsQuery,
  NewSubmissionsQuery,
  SaveFlagsForm,
  type FlagsReply,
  type FlagsState,
  type NewSubmissionsReply,
  type StaleFlagsReply,
} from '../../src/domain/broker-research-control-panel';
import { knownDistributors, mayUseDistributor, readFlags, saveFlags } from '../broker-research/control-panel';
import { countNewSubmissions, latestNewSubmissions } from '../broker-research/user-submission';
import type { CurrentSession, AppDeps } from '../context';
import { forbidden, refuseFields, stale } from '../http/replies';
import { defineRoute } from '../routes';

const replyOf = (state: FlagsState, msg: string): FlagsReply => ({
  status: true,
  msg,
  result: { status: state.flags },
  dist: state.dist,
  version: state.version,
  updated_by: state.updated_by,
  updated_at: state.updated_at,
});

/** The refusal of a distributor this session may not use (unknown: 400; tri without tri_submittor: 403), or null. */
function refusalOf(c: Context, deps: AppDeps, session: CurrentSession, dist: string): Response | null {
  if (!knownDistributors(deps.config.productKey).includes(dist))
    return refuseFields(c, FLAG_MESSAGES.unknownDist(dist), { dist: FLAG_MESSAGES.unknownDist(dist) });
  if (!mayUseDistributor(dist, deps.config.productKey, session.grants.otherFeatures))
    return forbidden(c, FLAG_MESSAGES.triRefused);
  return null;
}

const getFlags = defineRoute({
  method: 'GET',
  path: '/api/researchreports/brflags/',
  access: 'br_research',
  schema: FlagsQuery,
  summary:
    'The research flags of one distributor (dist: the product key, or tri with tri_submittor) in result.status, with their version and who saved them last.',
  async handler({ c, deps, input, session }) {
    const refused = refusalOf(c, deps, session, input.dist);
    if (refused) return refused;
    return c.json(replyOf(await readFlags(deps.db, input.dist), ''));
  },
});

const putFlags = defineRoute({
  method: 'PUT',
  path: '/api/researchreports/brflags/',
  access: 'br_research',
  schema: SaveFlagsForm,
  summary:
    'Saves every research flag of one distributor (form: dist, flags as JSON, the version read); a save in between: 409 with the flags now.',
  async handler({ c, deps, input, now, session }) {
    const refused = refusalOf(c, deps, session, input.dist);
    if (refused) return refused;
    const result = await saveFlags(deps.db, input, session.user.username, now);
    const label = distributorLabel(input.dist);
    if (!result.ok) {
      const msg = `${result.current.updated_by ?? 'Someone else'} saved the research flags of ${label} after you opened them; nothing of yours was saved.`;
      return stale<StaleFlagsReply>(c, msg, { current: result.current });
    }
    return c.json(replyOf(result.state, FLAG_MESSAGES.saved(label)));
  },
});

const getNewSubmissions = defineRoute({
  method: 'GET',
  path: '/api/researchreports/get_new_researchreports/',
  access: 'br_research',
  schema: NewSubmissionsQuery,
  summary:
    'Submissions waiting for review: result.SUBMISSION_STATUS_NEW, their count (fetch_new, default true), and result.latest, the `latest` newest of them (0–20, default 0).',
  async handler({ c, deps, input }) {
    const [count, latest] = await Promise.all([
      input.fetch_new ? countNewSubmissions(deps.db) : Promise.resolve(undefined),
      latestNewSubmissions(deps.db, input.latest),
    ]);
    const reply: NewSubmissionsReply = {
      status: true,
      result: { ...(count === undefined ? {} : { SUBMISSION_STATUS_NEW: count }), latest },
    };
    return c.json(reply);
  },
});

export const researchFlagsRoutes = [getFlags, putFlags, getNewSubmissions];
