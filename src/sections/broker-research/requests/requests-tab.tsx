// Broker Research → Requests (decision 057): users' requests for a broker's research, filtered from
// the URL, approved, rejected or sent to the broker one at a time or in bulk; a rejection reason
// being typed is kept across a reload and leaving with it asks first.
import { RequestsDraftKeeper, RequestsScope, RequestsUrl, RequestsView } from './requests-view';

export function RequestsTab() {
  return (
    <RequestsScope>
      <RequestsUrl />
      <RequestsDraftKeeper />
      <RequestsView />
    </RequestsScope>
  );
}
