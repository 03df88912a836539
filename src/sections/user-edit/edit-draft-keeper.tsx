// The edit screen keeps unsaved edits as a draft across a reload (decision 042), and asks before
// any other way out: leaving discards the edits, so nothing of an existing user's unsaved change
// lingers to be saved later by surprise.
import { checkKeptEdit } from './user-edit.draft';
import { selectKeptEdit } from './user-edit.selectors';
import { clearDraft, type DraftAddress } from '../../services/drafts';
import { LeaveGuard, sameDraft, useKeepDraft, useStoredDraft } from '../../ui/form/form-draft';
import { UserEditCtx } from './user-edit-context';

export const editDraftAddress = (staff: number | null, userId: number): DraftAddress | null =>
  staff === null ? null : { form: 'user-edit', record: userId, staff };

export const useKeptEdit = (staff: number | null, userId: number) =>
  useStoredDraft(editDraftAddress(staff, userId), checkKeptEdit);

export function EditDraftKeeper({ staff, userId }: { staff: number | null; userId: number }) {
  const address = editDraftAddress(staff, userId);
  const edits = UserEditCtx.useSelector(selectKeptEdit, sameDraft);
  const kept = useKeepDraft(address, edits);
  return (
    <LeaveGuard
      when={edits !== null && edits !== undefined}
      beforeUnload={!kept}
      title="Leave without saving?"
      description="Your changes to this user are not saved. Leaving discards them."
      leaveLabel="Discard changes and leave"
      onLeave={() => address && clearDraft(address)}
    />
  );
}
