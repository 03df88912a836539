// Broker Research, broker_details tab.
import { TabPending } from '../tab-pending';

export function BrokerDetailsTab() {
  return <TabPending tab="broker_details" />;
}
