// Broker Research, FulFillments (decision 058): who reads which broker's research, since when and
// through which request or other source; filtered, paged, downloaded, and ended with a reason (a
// reason being typed is kept across a reload, decision 042).
import { useStaffId } from '../../../ui/shared/record-scope';
import { EndDraftKeeper, FulfillmentsScope } from './fulfillments-scope';
import { FulfillmentsView } from './fulfillments-view';

export function FulfillmentsTab() {
  const staff = useStaffId();
  return (
    <FulfillmentsScope staff={staff}>
      <EndDraftKeeper staff={staff} />
      <FulfillmentsView />
    </FulfillmentsScope>
  );
}
