// Broker Research, FulFillments (decision 058): who reads which broker's research, since when and
// through which request or other source; filtered, paged, downloaded, and ended with a reason.
import { FulfillmentsScope } from '../fulfillments/fulfillments-scope';
import { FulfillmentsView } from '../fulfillments/fulfillments-view';

export function FulfillmentsTab() {
  return (
    <FulfillmentsScope>
      <FulfillmentsView />
    </FulfillmentsScope>
  );
}
