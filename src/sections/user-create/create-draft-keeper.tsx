// Create User keeps what was typed in both steps as a draft (decision 042): a reload, Back and
// Forward bring it back, so leaving loses nothing and is not questioned, unless the browser
// would not store the draft.
import { checkCreateDraft } from './user-create.draft';
import { selectDraftToKeep } from './user-create.selectors';
import type { DraftAddress } from '../../services/drafts';
import { LeaveGuard, sameDraft, useKeepDraft, useStoredDraft } from '../../ui/form/form-draft';
import { UserCreateCtx } from './user-create-context';

export const createDraftAddress = (staff: number | null): DraftAddress | null =>
  staff === null ? null : { form: 'user-create', record: 'new', staff };

export const useCreateDraft = (staff: number | null) => useStoredDraft(createDraftAddress(staff), checkCreateDraft);

export function CreateDraftKeeper({ staff }: { staff: number | null }) {
  const draft = UserCreateCtx.useSelector(selectDraftToKeep, sameDraft);
  const kept = useKeepDraft(createDraftAddress(staff), draft);
  return (
    <LeaveGuard
      when={draft !== null && !kept}
      beforeUnload
      title="Leave Create User?"
      description="What you typed could not be kept in this browser tab: leaving or reloading loses it."
      leaveLabel="Leave and lose it"
    />
  );
}
