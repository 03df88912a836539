// Broker Research, fulfillments tab.
import { TabPending } from '../tab-pending';

export function FulfillmentsTab() {
  return <TabPending tab="fulfillments" />;
}
