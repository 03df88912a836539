// The root for a person granted none of user, group or role management (see docs/decisions/010).
import { Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { MenuEntry } from '../../domain/menu';

export function NoSections({ entries }: { entries: readonly MenuEntry[] }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        Welcome
      </Heading>
      {entries.length === 0 ? (
        <Text size="2">
          Your account opens no sections yet. Ask an administrator to grant you the features you need.
        </Text>
      ) : (
        <>
          <Text size="2">Your account does not include user, group or role management. You can open:</Text>
          <ul>
            {entries.map((e) => (
              <li key={e.path}>
                <Link to={e.path}>{e.label}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Flex>
  );
}
