// Spec §5: a changed email is confirmed when the person saves. Same person or a different one?
// A different person loses the broker research entitlements; both must change the CRM contact too.
import { AlertDialog, Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { emailChangeMachine } from './email-change.machine';
import { selectAddresses, selectAsking, selectEntitlementsLost, selectOpen } from './email-change.selectors';
import { EMAIL_CHANGE_TEXT } from './email-change.types';
import { ScreenTheme } from '../../ui/screen-theme';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

export function EmailChangeDialog({ actor }: { actor: ActorRefFrom<typeof emailChangeMachine> }) {
  const open = useSelector(actor, selectOpen);
  const asking = useSelector(actor, selectAsking);
  const lost = useSelector(actor, selectEntitlementsLost);
  const { previous, next } = useSelector(actor, selectAddresses);
  const dialogFocus = useDialogFocus(open);
  return (
    <ScreenTheme>
      <AlertDialog.Root open={open} onOpenChange={(o) => !o && actor.send({ type: 'email.cancel' })}>
        <AlertDialog.Content {...dialogFocus} maxWidth="480px">
          <AlertDialog.Title>Email change</AlertDialog.Title>
          <AlertDialog.Description size="2">
            The email changes from {previous} to {next}. {asking ? EMAIL_CHANGE_TEXT.question : ''}
          </AlertDialog.Description>
          {!asking && (
            <Flex direction="column" gap="2" mt="3">
              <Text size="2" weight="medium">
                {lost ? 'A different person' : 'The same person'}
              </Text>
              {lost && (
                <Callout.Root color="red" size="1" role="alert">
                  <Callout.Text>{EMAIL_CHANGE_TEXT.entitlementsLost}</Callout.Text>
                </Callout.Root>
              )}
              <Callout.Root color="blue" size="1" role="note">
                <Callout.Text>{EMAIL_CHANGE_TEXT.crm}</Callout.Text>
              </Callout.Root>
            </Flex>
          )}
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'email.cancel' })}>
              Cancel
            </Button>
            {asking ? (
              <>
                <Button variant="soft" onClick={() => actor.send({ type: 'email.samePerson' })}>
                  Same person
                </Button>
                <Button variant="soft" onClick={() => actor.send({ type: 'email.differentPerson' })}>
                  Different person
                </Button>
              </>
            ) : (
              <>
                <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'email.back' })}>
                  Back
                </Button>
                <Button color={lost ? 'red' : undefined} onClick={() => actor.send({ type: 'email.confirm' })}>
                  Confirm and save
                </Button>
              </>
            )}
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </ScreenTheme>
  );
}
