// Broker Research, Brokers (decision 059): the brokers by name, searched and filtered by broker
// group (?q=, ?pb=, ?cursor=), each opening in Broker Details, and the user groups of the broker
// chosen (?broker=).
import { useSelector } from '@xstate/react';
import { useConsole } from '../../console-context';
import { selectStaffId } from '../../form/form-draft';
import { BrokersDraftKeeper, BrokersScope, BrokersUrl } from '../brokers/brokers-scope';
import { BrokersView } from '../brokers/brokers-view';
import { useTabSearch } from '../tab-search';

export function BrokersTab() {
  const { session } = useConsole();
  const staff = useSelector(session, selectStaffId);
  const search = useTabSearch();
  return (
    <BrokersScope staff={staff} params={search.params}>
      <BrokersUrl search={search} />
      <BrokersDraftKeeper staff={staff} />
      <BrokersView />
    </BrokersScope>
  );
}
