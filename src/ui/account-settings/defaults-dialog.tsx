// Putting an account back on the defaults asks first: its saved settings are removed.
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import { selectConfirmingDefaults, selectForm, selectFormError, selectResetting } from '../../machines/account-settings/account-settings.selectors';
import { AccountSettingsCtx } from './account-settings-context';

export function DefaultsDialog() {
  const actor = AccountSettingsCtx.useActorRef();
  const open = AccountSettingsCtx.useSelector(selectConfirmingDefaults);
  const resetting = AccountSettingsCtx.useSelector(selectResetting);
  const form = AccountSettingsCtx.useSelector(selectForm);
  const error = AccountSettingsCtx.useSelector(selectFormError);
  if (!open || !form) return null;
  return (
    <AlertDialog.Root open onOpenChange={(o) => !o && !resetting && actor.send({ type: 'defaults.cancel' })}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>Back to the default settings?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          The settings saved for {form.accountName} will be removed; it runs on the default settings until someone saves again.
        </AlertDialog.Description>
        {error && <Callout.Root color="red" role="alert" mt="3"><Callout.Text>{error}</Callout.Text></Callout.Root>}
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" color="gray" disabled={resetting} onClick={() => actor.send({ type: 'defaults.cancel' })}>Cancel</Button>
          <Button color="red" loading={resetting} onClick={() => actor.send({ type: 'defaults.confirm' })}>Remove the saved settings</Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
