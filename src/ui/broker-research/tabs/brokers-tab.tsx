// Broker Research, brokers tab.
import { TabPending } from '../tab-pending';

export function BrokersTab() {
  return <TabPending tab="brokers" />;
}
