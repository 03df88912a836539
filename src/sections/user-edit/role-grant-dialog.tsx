// The question before a save gives staff roles: which roles, to whom, and what that lets them do.
// Cancel keeps the form as it is, unsaved; Give saves it (through the email question if the email changed too).
import { shallowEqual } from '@xstate/react';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { plural } from '../../ui/shared/upload-words';
import { UserEditCtx } from './user-edit-context';
import { selectRoleGrant } from './user-edit.selectors';

export function RoleGrantDialog() {
  const edit = UserEditCtx.useActorRef();
  const grant = UserEditCtx.useSelector(selectRoleGrant, shallowEqual);
  const one = grant?.roles.length === 1;
  return (
    <ConfirmDialog
      open={grant !== null}
      title={
        grant
          ? `Give ${one ? `the role ${grant.roles[0]}` : plural(grant.roles.length, 'role')} to ${grant.email}?`
          : ''
      }
      action={one ? 'Give role' : 'Give roles'}
      tone="accent"
      onConfirm={() => edit.send({ type: 'roles.confirm' })}
      onCancel={() => edit.send({ type: 'roles.cancel' })}
    >
      {grant &&
        `They will be able to open every section and do everything ${one ? 'this role allows' : `these roles allow (${grant.roles.join(', ')})`}. The other changes are saved with it.`}
    </ConfirmDialog>
  );
}
