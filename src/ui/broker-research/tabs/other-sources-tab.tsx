// Broker Research, other_sources tab.
import { TabPending } from '../tab-pending';

export function OtherSourcesTab() {
  return <TabPending tab="other_sources" />;
}
