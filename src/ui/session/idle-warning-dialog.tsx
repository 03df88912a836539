// A minute before the idle end (decision 096): 'Stay signed in' keeps the session; otherwise it
// ends at the idle timeout and the expiry message follows. Drafts live in the tab's
// sessionStorage, so what was typed is there again after signing in.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useConsole } from '../console-context';
import { ScreenTheme } from '../screen-theme';

/** The warning's words (decision 096; the spec names only the expiry message). Kept here, off /login's first load. */
export const idleWarningText = (seconds: number) =>
  `You have been inactive for a while. For your security you will be signed out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}. What you have typed is kept.`;

/** Whole seconds left, counted down from when the warning opened. */
function useSecondsLeft(leftMs: number): number {
  const [endsAt] = useState(() => Date.now() + leftMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((endsAt - now) / 1_000));
}

export function IdleWarningDialog() {
  const { session } = useConsole();
  const leftMs = useSelector(session, (s) => s.context.idleLeftMs);
  const seconds = useSecondsLeft(leftMs);
  return (
    <ScreenTheme>
      <AlertDialog.Root open>
        <AlertDialog.Content maxWidth="460px">
          <AlertDialog.Title>Still there?</AlertDialog.Title>
          <AlertDialog.Description size="2">{idleWarningText(seconds)}</AlertDialog.Description>
          <Flex justify="end" gap="3" mt="4">
            <Button variant="soft" color="gray" onClick={() => session.send({ type: 'logout.request' })}>
              Sign out
            </Button>
            <Button autoFocus onClick={() => session.send({ type: 'idle.stay' })}>
              Stay signed in
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </ScreenTheme>
  );
}
