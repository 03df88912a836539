// Broker Research, User Submission (decision 056): research users submitted, reviewed here; a
// reason for rejecting one is kept across a reload (decision 042).
import { useSelector } from '@xstate/react';
import { useConsole } from '../../console-context';
import { selectStaffId } from '../../form/form-draft';
import {
  RejectDraftKeeper,
  ResearchSubmissionsScope,
  UserSubmissionView,
} from '../user-submission/user-submission-view';

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
