// Putting an account back on the defaults asks first: its saved settings are removed.
import { selectConfirmingDefaults, selectForm, selectFormError, selectResetting } from './account-settings.selectors';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { AccountSettingsCtx } from './account-settings-context';

export function DefaultsDialog() {
  const actor = AccountSettingsCtx.useActorRef();
  const open = AccountSettingsCtx.useSelector(selectConfirmingDefaults);
  const resetting = AccountSettingsCtx.useSelector(selectResetting);
  const form = AccountSettingsCtx.useSelector(selectForm);
  const error = AccountSettingsCtx.useSelector(selectFormError);
  if (!open || !form) return null;
  return (
    <ConfirmDialog
      open
      title="Back to the default settings?"
      action="Remove the saved settings"
      busy={resetting}
      error={error}
      onConfirm={() => actor.send({ type: 'defaults.confirm' })}
      onCancel={() => actor.send({ type: 'defaults.cancel' })}
    >
      The settings saved for {form.accountName} will be removed; it runs on the default settings until someone saves
      again.
    </ConfirmDialog>
  );
}
