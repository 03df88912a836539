// The left menu: the entries of spec §2 whose feature the session grants. On a wide screen it
// stands beside the content; below SIDE_MENU_MIN_WIDTH it folds away and the header's Menu button
// opens the same entries as a drawer over the page (decision 093).
import { Box, Dialog, Flex, IconButton, Text, VisuallyHidden } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { visibleMenu } from '../../domain/menu';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../console-context';

/** The narrowest window that keeps the menu beside the content (shell.css holds the same number). */
export const SIDE_MENU_MIN_WIDTH = 1200;
const WIDE = `(min-width: ${SIDE_MENU_MIN_WIDTH}px)`;

function MenuLinks({ onChoose }: { onChoose?: () => void }) {
  const { session } = useConsole();
  const features = useSelector(session, selectFeatures, (a, b) => a.join() === b.join());
  const entries = visibleMenu(features);
  return (
    <nav aria-label="Sections">
      <Flex asChild direction="column" gap="1" m="0" p="0" style={{ listStyle: 'none' }}>
        <ul>
          {entries.map((entry) => (
            <li key={entry.path}>
              <Link
                to={entry.path}
                className="side-menu-link"
                activeProps={{ 'aria-current': 'page' }}
                onClick={onChoose}
              >
                <Text size="2">{entry.label}</Text>
              </Link>
            </li>
          ))}
        </ul>
      </Flex>
    </nav>
  );
}

/** The menu beside the content, on a wide screen. */
export function SideMenu() {
  return (
    <Box
      p="3"
      className="shell-side-menu"
      style={{ width: 230, flexShrink: 0, borderRight: '1px solid var(--gray-a5)', background: 'var(--gray-2)' }}
    >
      <MenuLinks />
    </Box>
  );
}

/**
 * The header's Menu button on a narrower screen and the drawer it opens: a dialog, so the focus
 * goes into it, stays there, Escape closes it and the focus comes back to the button. Choosing an
 * entry closes it; so does the window growing wide enough for the menu to stand beside the page.
 */
export function MenuDrawer() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE);
    if (!wide) return;
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <IconButton variant="soft" color="gray" className="shell-menu-button" aria-label="Menu">
          <MenuIcon />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Content className="shell-drawer" aria-describedby={undefined}>
        <VisuallyHidden>
          <Dialog.Title>Sections</Dialog.Title>
        </VisuallyHidden>
        <MenuLinks onChoose={() => setOpen(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function MenuIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden focusable="false">
      <path d="M2 4h11M2 7.5h11M2 11h11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
