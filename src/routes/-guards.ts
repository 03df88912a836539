// Route guards: the unauthenticated land on /login; a section needs its menu entry's feature (spec §2, §6).
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { menuEntryFor } from '../domain/menu';
import { selectFeatures, selectIsAuthenticated, selectIsUndecided } from '../machines/session/session.selectors';
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
 * know, or whose feature is not granted, sends the person to the root.
 */
export function requireSection({ console: app }: RouterContext, path: string): void {
  const entry = menuEntryFor(path);
  if (!entry || !selectFeatures(app.session.getSnapshot()).includes(entry.feature)) throw redirect({ to: '/' });
}
