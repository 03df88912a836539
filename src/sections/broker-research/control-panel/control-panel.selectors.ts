import type { SnapshotFrom } from 'xstate';
import { sameFlags } from '../../../domain/broker-research-control-panel';
import type { researchFlagsMachine } from './control-panel.machine';
import type { DistributorFlags, FlagsDraft } from './control-panel.types';

type S = SnapshotFrom<typeof researchFlagsMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectError = (s: S) => s.context.error;
export const selectSets = (s: S) => s.context.sets;
export const selectSavingDist = (s: S) => (s.matches('saving') ? s.context.saving : null);
export const selectWaiting = (s: S) => s.context.waiting;
/** A set's form differs from what it started from. */
export const setChanged = (set: DistributorFlags) => !sameFlags(set.form, set.base);
export const selectAnyChanged = (s: S) => s.context.sets.some(setChanged);
/** What to keep across a reload: the changed sets, or null; undefined while nothing is read yet. */
export const selectDraftToKeep = (s: S): FlagsDraft | null | undefined => {
  if (s.context.sets.length === 0) return undefined;
  const changed = s.context.sets.filter(setChanged);
  return changed.length
    ? Object.fromEntries(changed.map((c) => [c.dist, { flags: c.form, base: c.base, version: c.version }]))
    : null;
};
