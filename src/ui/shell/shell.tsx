// Spec §2 Shell: header, left menu, content area and footer.
import { Box, Flex, Text } from '@radix-ui/themes';
// The Radix styles only the sections use arrive with the shell, not with /login (build/radix-css-trim.ts).
import '@radix-ui/themes/components.css?sections';
import '@radix-ui/themes/utilities.css?sections';
import type { ReactNode } from 'react';
import { ScreenTheme } from '../screen-theme';
import { WorkflowDockSlot } from '../workflows/dock-slot';
import { ShellHeader } from './shell-header';
import { SideMenu } from './side-menu';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import './shell.css';

export function Shell({ children }: { children: ReactNode }) {
  return (
    <ScreenTheme>
      <Flex direction="column" style={{ minHeight: '100vh', position: 'relative' }}>
        <SkipLink />
        <ShellHeader />
        <Flex flexGrow="1">
          <SideMenu />
          <Box asChild flexGrow="1" p="5" style={{ minWidth: 0 }}>
            <main id={MAIN_CONTENT_ID} tabIndex={-1} className="shell-main">
              {children}
            </main>
          </Box>
        </Flex>
        <Box asChild px="5" py="3" style={{ borderTop: '1px solid var(--gray-a5)' }}>
          <footer>
            <Text size="1" color="gray">
              © {new Date().getFullYear()} Staff Console · for internal use by staff and support
            </Text>
          </footer>
        </Box>
        <WorkflowDockSlot />
      </Flex>
    </ScreenTheme>
  );
}
