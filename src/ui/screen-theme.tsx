// <Theme> for screens that use Radix menus, dialogs or tooltips (they read its context); it loads
// with those screens, not with /login. See theme-root.tsx.
import { Theme } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import '../styles/section-colors';
import { useAppearance } from './appearance';
import { THEME } from './theme-root';

/**
 * Always inside the page's ThemeRoot, but <Theme> sees no theme context above it (ThemeRoot is a
 * plain element) and would mark itself the page's root theme, which Radix sizes to at least the
 * viewport's height: the expiry dialog's wrapper, beside the shell, then added a second viewport
 * below the footer. Marked as the nested theme it is, it only provides the context. It names the
 * appearance itself, since dialogs and menus draw outside ThemeRoot's element and take it from here.
 */
export function ScreenTheme({ children }: { children: ReactNode }) {
  const appearance = useAppearance();
  return (
    <Theme {...THEME} appearance={appearance} hasBackground={false} data-is-root-theme="false">
      {children}
    </Theme>
  );
}
