// Route guards: the unauthenticated land on /login; a section needs its menu entry's feature (spec §2, §6).
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { menuEntryFor } from '../domain/menu';
import { selectIsAuthenticated, selectIsUndecided } from '../machines/session/session.selectors';
import type { ConsoleValue } from '../ui/console-context';

export interface RouterContext {
  console: ConsoleValue;
}

/** Waits for the first session check only when nothing was stored at page load. */
export async function requireSession({ console: app }: RouterContext): Promise<void> {
  const snapshot = await waitFor(app.session, (s) => !selectIsUndecided(s));
  if (!selectIsAuthenticated(snapshot)) throw redirect({ to: '/login' });
}

/**
 * A section needs the feature its menu entry names (src/domain/menu.ts): a path the menu does not
 * know sends the person to the root. A known section whose feature is not granted stays at its
 * address, where the layout (SectionGate) says which permission it needs instead of the screen
 * (decision 050): roles change while people work, and a bookmark should say why it is closed.
 */
export function requireSection(_context: RouterContext, path: string): void {
  if (!menuEntryFor(path)) throw redirect({ to: '/' });
}

/** The section entry of a path whose feature the session lacks, or null. */
export function deniedSection(path: string, features: readonly string[]) {
  const entry = menuEntryFor(path);
  return entry && !features.includes(entry.feature) ? entry : null;
}
