// Broker Research, requests tab.
import { TabPending } from '../tab-pending';

export function RequestsTab() {
  return <TabPending tab="requests" />;
}
