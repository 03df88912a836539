// The page's Radix Themes root, drawn without <Theme>: <Theme> also mounts Tooltip's provider,
// which pulls Radix's positioning engine (floating-ui) into /login's first load. The components
// /login uses need only the root's class and data attributes. Screens that use menus or dialogs
// (they read ThemeContext) wrap themselves in <ScreenTheme>, which loads with them.
import type { ReactNode } from 'react';
import { useAppearance } from './appearance';

/**
 * The panel's theme: blue accent, slate grays, red for errors; amber, green and orange for what
 * the sections flag. src/styles/app.css darkens the steps whose pairs would fail WCAG AA.
 */
export const THEME = {
  accentColor: 'blue',
  grayColor: 'slate',
  radius: 'medium',
  scaling: '100%',
  panelBackground: 'translucent',
} as const;

export function ThemeRoot({ children }: { children: ReactNode }) {
  const appearance = useAppearance();
  return (
    <div
      className={`radix-themes ${appearance}`}
      data-is-root-theme="true"
      data-accent-color={THEME.accentColor}
      data-gray-color={THEME.grayColor}
      data-has-background="true"
      data-panel-background={THEME.panelBackground}
      data-radius={THEME.radius}
      data-scaling={THEME.scaling}
    >
      {children}
    </div>
  );
}
