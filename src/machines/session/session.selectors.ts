import type { SnapshotFrom } from 'xstate';
import { visibleMenu } from '../../domain/menu';
import { displayEmail } from '../../domain/session';
import type { sessionMachine } from './session.machine';

type S = SnapshotFrom<typeof sessionMachine>;

/** Signed in, or signed in at the last page load while the first check is still out. */
export const selectIsAuthenticated = (s: S) =>
  s.hasTag('authenticated') || (s.hasTag('checking') && s.context.info !== null);
/** True until the first answer is known for a visitor with nothing stored. */
export const selectIsUndecided = (s: S) => s.hasTag('checking') && s.context.info === null;
export const selectIsExpired = (s: S) => s.hasTag('expired');
/** The idle warning is up: 'Stay signed in' or the session ends in `idleLeftMs`. */
export const selectIdleWarning = (s: S) => s.hasTag('idleWarning');
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectEmail = (s: S) => displayEmail(s.context.info, s.context.linkedEmail);
export const selectFeatures = (s: S): readonly string[] => s.context.info?.features ?? [];
/** The session opens the section at this path (its menu entry's feature): a link to it may be shown. */
export const selectOpensSection =
  (path: string) =>
  (s: S): boolean =>
    visibleMenu(selectFeatures(s)).some((e) => e.path === path);
/** Server types the Redirect-to menu lists: those allowed, minus this one. */
export const selectOtherServerTypes = (s: S, current: string): string[] =>
  (s.context.info?.allowed_st ?? []).filter((st) => st !== current);
