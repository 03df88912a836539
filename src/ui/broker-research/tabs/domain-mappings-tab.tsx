// Broker Research, domain_mappings tab.
import { TabPending } from '../tab-pending';

export function DomainMappingsTab() {
  return <TabPending tab="domain_mappings" />;
}
