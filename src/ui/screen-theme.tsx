// <Theme> for screens that use Radix menus, dialogs or tooltips (they read its context); it loads
// with those screens, not with /login. See theme-root.tsx.
import { Theme } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { THEME } from './theme-root';

export function ScreenTheme({ children }: { children: ReactNode }) {
  return (
    <Theme {...THEME} appearance="light" hasBackground={false}>
      {children}
    </Theme>
  );
}
