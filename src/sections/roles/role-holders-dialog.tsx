// Who holds a role: every staff account with a checkbox; each tick gives or takes the role at
// once. What the server refuses (it would take role management away) is said in the dialog.
import { Button, Callout, Checkbox, Dialog, Flex, Text } from '@radix-ui/themes';
import {
  selectError,
  selectHoldersOpen,
  selectHoldersSaving,
  selectNotice,
  selectStaff,
  selectTarget,
} from './roles.selectors';
import { RolesCtx } from './roles-context';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

export function RoleHoldersDialog() {
  const editor = RolesCtx.useActorRef();
  const open = RolesCtx.useSelector(selectHoldersOpen);
  const saving = RolesCtx.useSelector(selectHoldersSaving);
  const target = RolesCtx.useSelector(selectTarget);
  const staff = RolesCtx.useSelector(selectStaff);
  const error = RolesCtx.useSelector(selectError);
  const notice = RolesCtx.useSelector(selectNotice);
  const { onCloseAutoFocus } = useDialogFocus(open && !!target);
  if (!open || !target) return null;
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !saving && editor.send({ type: 'holders.close' })}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="480px">
        <Dialog.Title>Holders of '{target.name}'</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          A tick gives the role, an untick takes it; it counts from the person’s next click.
        </Dialog.Description>
        {error && (
          <Callout.Root color="red" role="alert" mb="3">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {notice && !error && (
          <Callout.Root color="blue" role="status" aria-label="Holders notice" mb="3">
            <Callout.Text>{notice.text}</Callout.Text>
          </Callout.Root>
        )}
        <Flex direction="column" gap="2" role="group" aria-label="Staff holding the role">
          {staff.map((person) => {
            const holds = target.holders.some((h) => h.id === person.id);
            return (
              <Text as="label" size="2" key={person.id}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={holds}
                    disabled={saving}
                    aria-label={`${person.username} holds ${target.name}`}
                    onCheckedChange={(on) =>
                      editor.send({ type: 'holder.toggle', userId: person.id, hold: on === true })
                    }
                  />
                  {person.name || person.username} ({person.username})
                </Flex>
              </Text>
            );
          })}
        </Flex>
        <Flex justify="end" mt="4">
          <Button variant="soft" color="gray" disabled={saving} onClick={() => editor.send({ type: 'holders.close' })}>
            Close
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
