// The Control Panel's walk. The flags of the product and of Refinitiv are read with the count of
// submissions waiting (or not: 'Unable to fetch Broker Research Flags status'); a flag of each is
// changed; the product's are saved (saved; someone else saved first; not sent) or put back, and
// Refinitiv's put back. The second walk opens on changed flags kept across a reload.
import { DEFAULT_RESEARCH_FLAGS, type ResearchFlags } from '../../../domain/broker-research';
import type { FlagsReply } from '../../../domain/broker-research-control-panel';
import type { MachinePlan } from '../../../workflows/plan';
import { answered, callOutcomes, storedFirst } from '../../../workflows/call-outcomes';
import { setChanged } from './control-panel.selectors';
import { researchFlagsMachine } from './control-panel.machine';
import type { FlagsDraft, LoadOutcome, ResearchFlagsContext } from './control-panel.types';

export const PLAN_DISTS = [
  { dist: 'product', label: 'Product' },
  { dist: 'tri', label: 'Refinitiv' },
];
const reply = (
  dist: string,
  msg: string,
  version: number,
  flags: ResearchFlags = DEFAULT_RESEARCH_FLAGS,
): FlagsReply => ({
  status: true,
  msg,
  result: { status: flags },
  dist,
  version,
  updated_by: 'admin',
  updated_at: 1_764_000_000_000,
});
const loaded: LoadOutcome = {
  replies: [reply('product', '', 1), reply('tri', '', 1)],
  waiting: { count: 3, latest: [] },
};
const THEIRS: ResearchFlags = { ...DEFAULT_RESEARCH_FLAGS, send_to_broker: !DEFAULT_RESEARCH_FLAGS.send_to_broker };

export const researchFlagsPlan: MachinePlan<typeof researchFlagsMachine> = {
  machine: researchFlagsMachine,
  input: { dists: PLAN_DISTS, draft: null },
  events: [
    { type: 'flags.retry' },
    { type: 'flag.toggle', dist: 'product', key: 'requests_open' },
    { type: 'flag.toggle', dist: 'tri', key: 'notify_users' },
    { type: 'flags.save', dist: 'product' },
    { type: 'flags.discard', dist: 'product' },
    { type: 'flags.discard', dist: 'tri' },
  ],
  outcomes: [
    ...callOutcomes('loadPanel', { loaded: answered(loaded) }, 'loadFailed'),
    ...callOutcomes(
      'saveFlags',
      {
        saved: answered(reply('product', 'Research flags of Product saved.', 2)),
        savedMeanwhile: storedFirst('Someone saved first.', {
          dist: 'product',
          flags: THEIRS,
          version: 2,
          updated_by: 'colleague',
          updated_at: 1_764_000_000_000,
        }),
      },
      'saveFailed',
    ),
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      (s.context as ResearchFlagsContext).sets.map((set) => [setChanged(set), set.conflict !== null]),
    ]),
  // A person saves or puts back a set they changed (or one someone else saved first); the buttons are off otherwise.
  filterEvents: (s, e) => {
    if (e.type !== 'flags.save' && e.type !== 'flags.discard') return true;
    const set = s.context.sets.find((x: { dist: string }) => x.dist === e['dist']);
    return !!set && (setChanged(set) || set.conflict !== null);
  },
};

/** After a reload with the product's flags changed (decision 042): they show again once read. */
export const PLAN_DRAFT: FlagsDraft = {
  product: {
    flags: { ...DEFAULT_RESEARCH_FLAGS, mifid_enforced: !DEFAULT_RESEARCH_FLAGS.mifid_enforced },
    base: DEFAULT_RESEARCH_FLAGS,
    version: 0,
  },
};
export const researchFlagsDraftPlan: MachinePlan<typeof researchFlagsMachine> = {
  machine: researchFlagsMachine,
  input: { dists: PLAN_DISTS, draft: PLAN_DRAFT },
  events: [
    { type: 'flags.save', dist: 'product' },
    { type: 'flags.discard', dist: 'product' },
  ],
  outcomes: researchFlagsPlan.outcomes.filter((o) => ['loaded', 'saved'].includes(o.name)),
  serializeState: researchFlagsPlan.serializeState!,
  filterEvents: researchFlagsPlan.filterEvents!,
};
