// Broker Research, User Submission (decision 056): research users submitted, reviewed here; a
// reason for rejecting one is kept across a reload (decision 042).
import { useSelector } from '@xstate/react';
import { useConsole } from '../../../ui/console-context';
import { selectStaffId } from '../../../ui/form/form-draft';
import { RejectDraftKeeper, ResearchSubmissionsScope, UserSubmissionView } from './user-submission-view';

export function UserSubmissionTab() {
  const { session } = useConsole();
  const staff = useSelector(session, selectStaffId);
  return (
    <ResearchSubmissionsScope staff={staff}>
      <RejectDraftKeeper staff={staff} />
      <UserSubmissionView />
    </ResearchSubmissionsScope>
  );
}
