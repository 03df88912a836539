// /login (spec §2): username and password, then the OTP box; the machine decides, this draws.
import { Box, Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import type { FormEvent } from 'react';
import {
  selectActivated,
  selectBusy,
  selectError,
  selectFieldsLocked,
  selectNotice,
  selectShowsOtp,
  selectSignedIn,
  selectThrottled,
} from './login.selectors';
import { LoginCtx } from './login-context';
import { OtpStep } from './otp-step';

export function LoginView() {
  const login = LoginCtx.useActorRef();
  const locked = LoginCtx.useSelector(selectFieldsLocked);
  const busy = LoginCtx.useSelector(selectBusy);
  const showsOtp = LoginCtx.useSelector(selectShowsOtp);
  const error = LoginCtx.useSelector(selectError);
  const activated = LoginCtx.useSelector(selectActivated);
  const signedIn = LoginCtx.useSelector(selectSignedIn);
  const throttled = LoginCtx.useSelector(selectThrottled);
  const notice = LoginCtx.useSelector(selectNotice);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    login.send({
      type: 'credentials.submit',
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
    });
  };

  return (
    <Flex
      asChild
      align="center"
      justify="center"
      px="4"
      py="9"
      style={{ minHeight: '100vh', background: 'var(--gray-2)' }}
    >
      <main>
        <Card size="4" style={{ width: '100%', maxWidth: 460 }}>
          <Flex direction="column" gap="4">
            <Box>
              <Heading as="h1" size="6">
                Staff Console
              </Heading>
              <Text as="p" size="2" color="gray">
                Sign in with your staff account.
              </Text>
            </Box>
            <form onSubmit={submit} aria-label="Sign in">
              <Flex direction="column" gap="3">
                <label>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Username
                  </Text>
                  <TextField.Root name="username" autoComplete="username" autoFocus disabled={locked} />
                </label>
                <label>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Password
                  </Text>
                  <TextField.Root name="password" type="password" autoComplete="current-password" disabled={locked} />
                </label>
                {!locked && (
                  <Flex justify="end">
                    <Button type="submit" loading={busy} disabled={busy || throttled}>
                      Continue
                    </Button>
                  </Flex>
                )}
              </Flex>
            </form>
            {notice === 'activated' && (
              <Callout.Root color="blue" role="status">
                <Callout.Text>Two-step sign-in is active. Sign in with a fresh code.</Callout.Text>
              </Callout.Root>
            )}
            {showsOtp && <OtpStep />}
            {error && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            {activated && (
              <Callout.Root color="blue" role="status">
                <Callout.Text>Two-step sign-in is active. Reloading for a fresh sign-in…</Callout.Text>
              </Callout.Root>
            )}
            {signedIn && (
              <Callout.Root color="blue" role="status">
                <Callout.Text>Signed in. Opening Staff Console…</Callout.Text>
              </Callout.Root>
            )}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}
