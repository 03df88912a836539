// Taking a member out of a group asks first, naming them and the group; they stay a user of the
// organization (and may be in its other groups).
import { selectRemovingMember } from './groups.selectors';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { GroupsCtx } from './groups-context';

export function GroupMemberRemoveDialog() {
  const editor = GroupsCtx.useActorRef();
  const asked = GroupsCtx.useSelector(selectRemovingMember);
  return (
    <ConfirmDialog
      open={asked !== null}
      title={asked ? `Remove ${asked.member.username} from ${asked.group.name}?` : ''}
      action="Remove"
      onConfirm={() => editor.send({ type: 'remove.confirm' })}
      onCancel={() => editor.send({ type: 'remove.cancel' })}
    >
      {asked &&
        `${asked.member.name} (${asked.member.email}) leaves '${asked.group.name}'. They stay a user of the organization.`}
    </ConfirmDialog>
  );
}
