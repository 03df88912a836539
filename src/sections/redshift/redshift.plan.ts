// Redshift Configuration's walk. The configuration is read (or not); switches and checkboxes are
// changed, then saved (saved; someone else saved first; not sent) or put back as stored. The
// second walk opens on a changed form kept across a reload.
import type { FetchRedshiftReply, RedshiftConfiguration } from '../../domain/redshift';
import type { MachinePlan } from '../../workflows/plan';
import { answered, callOutcomes, storedFirst } from '../../workflows/call-outcomes';
import { selectFormChanged } from './redshift.selectors';
import { redshiftConfigMachine } from './redshift.machine';
import type { RedshiftDraft } from './redshift.types';

const CONFIG: RedshiftConfiguration = {
  user_script: true,
  account_script: false,
  user_flag: { expire_time: false, product: true, user_type: false },
};
const reply = (msg: string, version: number, configuration = CONFIG): FetchRedshiftReply => ({
  status: true,
  msg,
  result: { configuration },
  version,
  updated_by_email: 'admin@staff-console.local',
  updated_at: 1_764_000_000_000,
});
const THEIRS: RedshiftConfiguration = { ...CONFIG, account_script: true };

export const redshiftConfigPlan: MachinePlan<typeof redshiftConfigMachine> = {
  machine: redshiftConfigMachine,
  input: { draft: null },
  events: [
    { type: 'redshift.retry' },
    { type: 'form.toggle', key: 'user_script' },
    { type: 'form.toggle', key: 'product' },
    { type: 'form.save' },
    { type: 'form.discard' },
  ],
  outcomes: [
    ...callOutcomes('loadRedshift', { loaded: answered(reply('', 2)) }, 'loadFailed'),
    ...callOutcomes(
      'saveRedshift',
      {
        saved: answered(reply('Redshift configuration saved Successfully', 3)),
        savedMeanwhile: storedFirst('Someone saved first.', { ...reply('', 3, THEIRS), configuration: THEIRS }),
      },
      'saveFailed',
    ),
  ],
  serializeState: (s) => JSON.stringify([s.value, selectFormChanged(s), s.context.conflict !== null]),
  // A person saves a form they changed (the button is off otherwise).
  filterEvents: (s, e) =>
    e.type === 'form.save' || e.type === 'form.discard' ? selectFormChanged(s) || s.context.conflict !== null : true,
};

/** After a reload with a changed form kept (decision 042): it is shown again once the configuration is read. */
export const PLAN_DRAFT: RedshiftDraft = {
  configuration: { ...CONFIG, user_script: false, user_flag: { ...CONFIG.user_flag, user_type: true } },
  version: 1,
  base: CONFIG,
};
export const redshiftConfigDraftPlan: MachinePlan<typeof redshiftConfigMachine> = {
  machine: redshiftConfigMachine,
  input: { draft: PLAN_DRAFT },
  events: [{ type: 'form.save' }, { type: 'form.discard' }],
  outcomes: redshiftConfigPlan.outcomes.filter((o) => ['loaded', 'saved'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, selectFormChanged(s)]),
  filterEvents: redshiftConfigPlan.filterEvents!,
};
