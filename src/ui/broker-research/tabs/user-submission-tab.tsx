// Broker Research, User Submission (decision 056): research users submitted, reviewed here.
import { ResearchSubmissionsScope, UserSubmissionView } from '../user-submission/user-submission-view';

export function UserSubmissionTab() {
  return (
    <ResearchSubmissionsScope>
      <UserSubmissionView />
    </ResearchSubmissionsScope>
  );
}
