// Deleting a role asks first; when the server answers that staff hold it, it names them and asks
// again whether they lose it with the role.
import { Flex, Text } from '@radix-ui/themes';
import {
  selectAskingHolders,
  selectDeleting,
  selectError,
  selectHoldersToLose,
  selectRemoving,
  selectTarget,
} from './roles.selectors';
import { RecordDeleteDialog } from '../../ui/shared/record-dialogs';
import { RolesCtx } from './roles-context';

export function RoleDeleteDialog() {
  const editor = RolesCtx.useActorRef();
  const open = RolesCtx.useSelector(selectDeleting);
  const removing = RolesCtx.useSelector(selectRemoving);
  const asking = RolesCtx.useSelector(selectAskingHolders);
  const holders = RolesCtx.useSelector(selectHoldersToLose);
  const target = RolesCtx.useSelector(selectTarget);
  const error = RolesCtx.useSelector(selectError);
  if (!open || !target) return null;
  return (
    <RecordDeleteDialog
      title={asking ? 'Staff hold this role' : 'Delete role?'}
      action={asking ? 'Delete and take it from them' : 'Delete'}
      busy={removing}
      error={error}
      send={editor.send}
      details={
        asking && (
          <Flex direction="column" role="list" aria-label="Holders who lose the role">
            {holders.map((h) => (
              <Text as="div" size="2" role="listitem" key={h.id}>
                {h.name || h.username} ({h.username})
              </Text>
            ))}
          </Flex>
        )
      }
    >
      {asking
        ? `'${target.name}' is held by ${holders.length === 1 ? '1 staff member' : `${holders.length} staff members`}. Deleting it takes it from them, and with it what it allows them.`
        : `'${target.name}' will be deleted.`}
    </RecordDeleteDialog>
  );
}
