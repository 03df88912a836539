// /redirect: signing in through a linked account (spec §2).
import { Callout, Card, Flex, Heading, Link, Spinner, Text } from '@radix-ui/themes';
import { selectBusy, selectError, selectSignedIn } from './redirect.selectors';
import { RedirectCtx } from './redirect-context';

export function RedirectView({ loginHref }: { loginHref: string }) {
  const busy = RedirectCtx.useSelector(selectBusy);
  const signedIn = RedirectCtx.useSelector(selectSignedIn);
  const error = RedirectCtx.useSelector(selectError);
  return (
    <Flex align="center" justify="center" px="4" py="9" style={{ minHeight: '100vh', background: 'var(--gray-2)' }}>
      <Card size="4" style={{ width: '100%', maxWidth: 460 }}>
        <Flex direction="column" gap="3">
          <Heading as="h1" size="6">
            Staff Console
          </Heading>
          {busy && (
            <Flex gap="2" align="center" role="status">
              <Spinner />
              <Text size="2">Signing you in through your linked account…</Text>
            </Flex>
          )}
          {signedIn && (
            <Text size="2" role="status">
              Signed in. Opening Staff Console…
            </Text>
          )}
          {error && (
            <>
              <Callout.Root color="red" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
              <Text size="2">
                <Link href={loginHref}>Sign in with your username and password</Link>
              </Text>
            </>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
