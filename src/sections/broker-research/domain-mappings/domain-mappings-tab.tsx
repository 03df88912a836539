// Broker Research, Broker Domain Mappings (decision 061): email domains naming a broker, the list's
// search, broker and page in the URL (?q=, ?broker=, ?cursor=).
import { useStaffId } from '../../../ui/shared/record-scope';
import { DomainMappingsDraftKeeper, DomainMappingsScope, DomainMappingsUrl } from './domain-mappings-scope';
import { DomainMappingsView } from './domain-mappings-view';
import { useTabSearch } from '../tab-search';

export function DomainMappingsTab() {
  const staff = useStaffId();
  const search = useTabSearch();
  return (
    <DomainMappingsScope staff={staff} params={search.params}>
      <DomainMappingsUrl search={search} />
      <DomainMappingsDraftKeeper staff={staff} />
      <DomainMappingsView />
    </DomainMappingsScope>
  );
}
