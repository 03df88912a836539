import { Button, DropdownMenu, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { selectOpening } from '../../machines/linkout/linkout.selectors';
import { selectEmail, selectIsBusy, selectOtherServerTypes } from '../../machines/session/session.selectors';
import { useConsole } from '../console-context';
import { EnvironmentMarker } from './environment-marker';
import { MenuDrawer } from './side-menu';
import { ThemeToggle } from './theme-toggle';

export function ShellHeader() {
  const { session, linkout, config } = useConsole();
  const email = useSelector(session, selectEmail);
  const loggingOut = useSelector(session, selectIsBusy);
  const others = useSelector(
    session,
    (s) => selectOtherServerTypes(s, config.server_type),
    (a, b) => a.join() === b.join(),
  );
  const opening = useSelector(linkout, selectOpening);

  return (
    <Flex
      asChild
      align="center"
      justify="between"
      gap="4"
      px="5"
      py="3"
      style={{ borderBottom: '1px solid var(--gray-a5)', background: 'var(--color-panel-solid)' }}
    >
      <header>
        <Flex align="center" gap="3">
          <MenuDrawer />
          <Heading as="h1" size="4">
            Staff Console
          </Heading>
          <EnvironmentMarker config={config} />
        </Flex>
        <Flex align="center" gap="3">
          {email && (
            <Text size="2" color="gray">
              <VisuallyHidden>Signed in as</VisuallyHidden> {email}
            </Text>
          )}
          <ThemeToggle />
          {others.length > 0 && (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger disabled={opening}>
                <Button variant="soft" color="gray" loading={opening}>
                  Redirect to <DropdownMenu.TriggerIcon />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content>
                {others.map((st) => (
                  <DropdownMenu.Item key={st} onSelect={() => linkout.send({ type: 'linkout.choose', serverType: st })}>
                    {st}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          )}
          <Button variant="outline" loading={loggingOut} onClick={() => session.send({ type: 'logout.request' })}>
            Logout
          </Button>
        </Flex>
      </header>
    </Flex>
  );
}
