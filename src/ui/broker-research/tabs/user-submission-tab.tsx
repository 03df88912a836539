// Broker Research, user_submission tab.
import { TabPending } from '../tab-pending';

export function UserSubmissionTab() {
  return <TabPending tab="user_submission" />;
}
