// Broker Research, Brokers (decision 059): the brokers by name, searched and filtered by broker
// group (?q=, ?pb=, ?cursor=), each opening in Broker Details, and the user groups of the broker
// chosen (?broker=).
import { useSelector } from '@xstate/react';
import { useConsole } from '../../../ui/console-context';
import { selectStaffId } from '../../../ui/form/form-draft';
import { BrokersDraftKeeper, BrokersScope, BrokersUrl } from './brokers-scope';
import { BrokersView } from './brokers-view';
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
