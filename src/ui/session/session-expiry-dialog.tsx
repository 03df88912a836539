// Spec §4/§8: 'Your Session has expired. Please login again.' — OK clears local storage and reloads the page.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { MESSAGES } from '../../domain/auth';
import { selectIsExpired } from '../../machines/session/session.selectors';
import { useConsole } from '../console-context';
import { ScreenTheme } from '../screen-theme';

export function SessionExpiryDialog() {
  const { session } = useConsole();
  const expired = useSelector(session, selectIsExpired);
  return (
    <ScreenTheme>
      <AlertDialog.Root open={expired}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>Session expired</AlertDialog.Title>
          <AlertDialog.Description size="2">{MESSAGES.sessionExpired}</AlertDialog.Description>
          <Flex justify="end" mt="4">
            <AlertDialog.Action>
              <Button onClick={() => session.send({ type: 'expiry.acknowledge' })}>OK</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </ScreenTheme>
  );
}
