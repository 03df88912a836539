// Someone else saved the user after the person opened it: nothing was written. Who, when, and
// field by field what changed, beside the person's own unsaved value; then review their version
// (own edits re-applied where the other save left a field alone) or cancel.
import { selectConflict } from './user-edit.selectors';
import { timeText } from '../../domain/format';
import { ConflictPanel as SharedConflictPanel } from '../../ui/shared/conflict-panel';
import { UserEditCtx } from './user-edit-context';

export function ConflictPanel() {
  const edit = UserEditCtx.useActorRef();
  const conflict = UserEditCtx.useSelector(selectConflict);
  if (!conflict) return null;
  return (
    <SharedConflictPanel
      rows={conflict.rows}
      fieldHeader="Field"
      caption="What changed"
      takeTheirs={{ label: 'Cancel', go: () => edit.send({ type: 'conflict.cancel' }) }}
      review={{ label: 'Review their version', go: () => edit.send({ type: 'conflict.review' }) }}
    >
      {conflict.updatedBy ?? 'Someone'} saved this user at {timeText(conflict.updatedAt)}, after you opened it. Nothing
      of yours was saved. This is what they changed:
    </SharedConflictPanel>
  );
}
