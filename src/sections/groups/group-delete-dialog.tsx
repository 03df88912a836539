// Deleting a group asks first; its members stay users of the organization.
import { selectDeleting, selectError, selectRemoving, selectTarget } from './groups.selectors';
import { countText } from '../../domain/format';
import { RecordDeleteDialog } from '../../ui/shared/record-dialogs';
import { GroupsCtx } from './groups-context';

export function GroupDeleteDialog() {
  const editor = GroupsCtx.useActorRef();
  const open = GroupsCtx.useSelector(selectDeleting);
  const removing = GroupsCtx.useSelector(selectRemoving);
  const target = GroupsCtx.useSelector(selectTarget);
  const error = GroupsCtx.useSelector(selectError);
  if (!open || !target) return null;
  const n = target.members.length;
  return (
    <RecordDeleteDialog title="Delete group?" busy={removing} error={error} maxWidth="460px" send={editor.send}>
      '{target.name}' will be deleted
      {n > 0 ? `, and its ${countText(n)} ${n === 1 ? 'member leaves' : 'members leave'} it` : ''}. The users stay as
      they are.
    </RecordDeleteDialog>
  );
}
