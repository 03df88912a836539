// Broker Research, Broker Details (decision 059): one broker's record, the broker of ?broker=;
// without one, a picker that searches brokers by name.
import { useStaffId } from '../../../ui/shared/record-scope';
import { BrokerDetailsDraftKeeper, BrokerDetailsScope, BrokerDetailsUrl } from './broker-details-scope';
import { BrokerDetailsView } from './broker-details-view';
import { useTabSearch } from '../tab-search';

export function BrokerDetailsTab() {
  const staff = useStaffId();
  const search = useTabSearch();
  return (
    <BrokerDetailsScope staff={staff} params={search.params}>
      <BrokerDetailsUrl params={search.params} />
      <BrokerDetailsDraftKeeper staff={staff} />
      <BrokerDetailsView />
    </BrokerDetailsScope>
  );
}
