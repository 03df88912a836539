// Someone else saved (or reset) this account's settings after it was opened: nothing was written.
// Who, when, and field by field what changed, beside the person's own unsaved value; then review
// their version (own changes kept where the other save left a field alone) or take theirs.
import { selectConflict } from './account-settings.selectors';
import { timeText } from '../../domain/format';
import { ConflictPanel as SharedConflictPanel } from '../../ui/shared/conflict-panel';
import { AccountSettingsCtx } from './account-settings-context';

export function ConflictPanel() {
  const actor = AccountSettingsCtx.useActorRef();
  const conflict = AccountSettingsCtx.useSelector(selectConflict);
  if (!conflict) return null;
  return (
    <SharedConflictPanel
      rows={conflict.rows}
      fieldHeader="Setting"
      caption="What they changed"
      nameRows
      takeTheirs={{ label: 'Take their version', go: () => actor.send({ type: 'conflict.cancel' }) }}
      review={{ label: 'Review their version with my changes', go: () => actor.send({ type: 'conflict.review' }) }}
    >
      {conflict.msg}
      {conflict.updatedAt ? ` (${timeText(conflict.updatedAt)})` : ''} Nothing of yours was saved.{' '}
      {conflict.rows.length ? 'This is what they changed:' : 'They changed nothing you can see here.'}
    </SharedConflictPanel>
  );
}
