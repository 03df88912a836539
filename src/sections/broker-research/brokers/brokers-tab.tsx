// Broker Research, Brokers (decision 059): the brokers by name, searched and filtered by broker
// group (?q=, ?pb=, ?cursor=), each opening in Broker Details, and the user groups of the broker
// chosen (?broker=).
import { useStaffId } from '../../../ui/shared/record-scope';
import { BrokersDraftKeeper, BrokersScope, BrokersUrl } from './brokers-scope';
import { BrokersView } from './brokers-view';
import { useTabSearch } from '../tab-search';

export function BrokersTab() {
  const staff = useStaffId();
  const search = useTabSearch();
  return (
    <BrokersScope staff={staff} params={search.params}>
      <BrokersUrl search={search} />
      <BrokersDraftKeeper staff={staff} />
      <BrokersView />
    </BrokersScope>
  );
}
