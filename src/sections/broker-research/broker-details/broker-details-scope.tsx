// The Broker Details machine's actor (given the URL's broker and the kept draft), the URL's broker
// followed (the picker, Back, a link from another tab open another), and what keeps a changed form
// across a reload and asks before it is left (decision 042).
import { useEffect, type ReactNode } from 'react';
import { checkDetailsDraft, DETAILS_DRAFT_FORM } from './broker-details.draft';
import { liveBrokerDetailsMachine } from './broker-details.live';
import { selectDraftToKeep, selectFormChanged } from './broker-details.selectors';
import type { DraftAddress } from '../../../services/drafts';
import { FormDraftKeeper, formDraftAddress, RecordScope } from '../../../ui/shared/record-scope';
import type { TabParams } from '../tab-search';
import { BrokerDetailsCtx } from './broker-details-context';

/** One form at a time in this tab, per staff member. */
export const detailsDraftAddress = (staff: number | null): DraftAddress | null =>
  formDraftAddress(DETAILS_DRAFT_FORM, staff);

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
  return (
    <RecordScope
      ctx={BrokerDetailsCtx}
      logic={liveBrokerDetailsMachine}
      address={detailsDraftAddress(staff)}
      check={checkDetailsDraft}
      input={(draft) => ({ broker: brokerOfParams(params), draft })}
    >
      {children}
    </RecordScope>
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
  return (
    <FormDraftKeeper
      ctx={BrokerDetailsCtx}
      select={{ draft: selectDraftToKeep, changed: selectFormChanged }}
      address={detailsDraftAddress(staff)}
      description="The change to this broker is not saved yet."
      leaveLabel="Discard the change and leave"
    />
  );
}
