// Broker Research, User Submission (decision 056): research users submitted, reviewed here; a
// reason for rejecting one is kept across a reload (decision 042).
import { useStaffId } from '../../../ui/shared/record-scope';
import { RejectDraftKeeper, ResearchSubmissionsScope, UserSubmissionView } from './user-submission-view';

export function UserSubmissionTab() {
  const staff = useStaffId();
  return (
    <ResearchSubmissionsScope staff={staff}>
      <RejectDraftKeeper staff={staff} />
      <UserSubmissionView />
    </ResearchSubmissionsScope>
  );
}
