// The left menu: the entries of spec §2 whose feature the session grants.
import { Box, Flex, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { visibleMenu } from '../../domain/menu';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../console-context';

export function SideMenu() {
  const { session } = useConsole();
  const features = useSelector(session, selectFeatures, (a, b) => a.join() === b.join());
  const entries = visibleMenu(features);
  return (
    <Box
      asChild
      p="3"
      style={{ width: 230, flexShrink: 0, borderRight: '1px solid var(--gray-a5)', background: 'var(--gray-2)' }}
    >
      <nav aria-label="Sections">
        <Flex asChild direction="column" gap="1" m="0" p="0" style={{ listStyle: 'none' }}>
          <ul>
            {entries.map((entry) => (
              <li key={entry.path}>
                <Link to={entry.path} className="side-menu-link" activeProps={{ 'aria-current': 'page' }}>
                  <Text size="2">{entry.label}</Text>
                </Link>
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
    </Box>
  );
}
