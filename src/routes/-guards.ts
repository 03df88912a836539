// Route guards: the unauthenticated land on /login; a section needs its feature (spec §2, §6).
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { FeatureKey } from '../domain/features';
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

/** A section whose feature is not granted sends the person to the root. */
export function requireFeature({ console: app }: RouterContext, feature: FeatureKey): void {
  if (!selectFeatures(app.session.getSnapshot()).includes(feature)) throw redirect({ to: '/' });
}
