// The Broker Details machine's actor (given the URL's broker and the kept draft), the URL's broker
// followed (the picker, Back, a link from another tab open another), and what keeps a changed form
// across a reload and asks before it is left (decision 042).
import { useEffect } from 'react';
import { checkDetailsDraft, DETAILS_DRAFT_FORM } from './broker-details.draft';
import { liveBrokerDetailsMachine } from './broker-details.live';
import { selectDraftToKeep, selectFormChanged } from './broker-details.selectors';
import { formDraftScope } from '../../../ui/shared/form-draft-scope';
import type { TabParams } from '../tab-search';
import { BrokerDetailsCtx } from './broker-details-context';

/** The URL's broker id, or null. */
export const brokerOfParams = (params: TabParams): number | null =>
  /^\d{1,15}$/.test(params['broker'] ?? '') ? Number(params['broker']) : null;

/** One form at a time in this tab, per staff member: the actor given the URL's broker and the kept draft. */
export const {
  address: detailsDraftAddress,
  Scope: BrokerDetailsScope,
  DraftKeeper: BrokerDetailsDraftKeeper,
} = formDraftScope({
  ctx: BrokerDetailsCtx,
  logic: () => liveBrokerDetailsMachine,
  draft: {
    form: DETAILS_DRAFT_FORM,
    check: checkDetailsDraft,
    select: { draft: selectDraftToKeep, changed: selectFormChanged },
  },
  input: (params: TabParams, draft) => ({ broker: brokerOfParams(params), draft }),
  description: 'The change to this broker is not saved yet.',
  leaveLabel: 'Discard the change and leave',
});

/** The URL names the broker shown: when it moves, the record follows. */
export function BrokerDetailsUrl({ params }: { params: TabParams }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const broker = brokerOfParams(params);
  useEffect(() => {
    if (broker === actor.getSnapshot().context.broker) return;
    actor.send(broker === null ? { type: 'broker.close' } : { type: 'broker.open', broker });
  }, [broker]);
  return null;
}
