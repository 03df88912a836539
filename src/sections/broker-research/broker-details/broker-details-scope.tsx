// The Broker Details machine's actor (given the URL's broker and the kept draft), the URL's broker
// followed (the picker, Back, a link from another tab open another), and what keeps a changed form
// across a reload and asks before it is left (decision 042).
import { useEffect, useState, type ReactNode } from 'react';
import { checkDetailsDraft, DETAILS_DRAFT_FORM } from './broker-details.draft';
import { liveBrokerDetailsMachine } from './broker-details.live';
import { selectDraftToKeep, selectFormChanged } from './broker-details.selectors';
import type { DraftAddress } from '../../../services/drafts';
import { useInspect } from '../../../ui/console-context';
import { DraftKeeper, sameDraft, useStoredDraft } from '../../../ui/form/form-draft';
import type { TabParams } from '../tab-search';
import { BrokerDetailsCtx } from './broker-details-context';

/** One form at a time in this tab, per staff member. */
export const detailsDraftAddress = (staff: number | null): DraftAddress | null =>
  staff === null ? null : { form: DETAILS_DRAFT_FORM, record: 'form', staff };

/** The URL's broker id, or null. */
export const brokerOfParams = (params: TabParams): number | null =>
  /^\d{1,15}$/.test(params['broker'] ?? '') ? Number(params['broker']) : null;

export function BrokerDetailsScope({
  staff,
  params,
  children,
}: {
  staff: number | null;
  params: TabParams;
  children: ReactNode;
}) {
  const kept = useStoredDraft(detailsDraftAddress(staff), checkDetailsDraft);
  const [input] = useState(() => ({ broker: brokerOfParams(params), draft: kept }));
  return (
    <BrokerDetailsCtx.Provider logic={liveBrokerDetailsMachine} options={{ input, inspect: useInspect() }}>
      {children}
    </BrokerDetailsCtx.Provider>
  );
}

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

export function BrokerDetailsDraftKeeper({ staff }: { staff: number | null }) {
  const address = detailsDraftAddress(staff);
  const draft = BrokerDetailsCtx.useSelector(selectDraftToKeep, sameDraft);
  const changed = BrokerDetailsCtx.useSelector(selectFormChanged);
  return (
    <DraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      description="The change to this broker is not saved yet."
      leaveLabel="Discard the change and leave"
    />
  );
}
