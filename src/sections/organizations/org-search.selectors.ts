import type { SnapshotFrom } from 'xstate';
import type { orgSearchMachine } from './org-search.machine';

type S = SnapshotFrom<typeof orgSearchMachine>;

/** The list under the field is showing (hint, progress, results, nothing found or an error). */
export const selectOpen = (s: S) => s.hasTag('open');
export const selectQuery = (s: S) => s.context.query;
export const selectTooShort = (s: S) => s.hasTag('tooShort');
export const selectSearching = (s: S) => s.hasTag('busy');
export const selectResults = (s: S) => (s.hasTag('results') ? s.context.results : []);
export const selectHighlighted = (s: S) => s.context.highlighted;
export const selectNothingFound = (s: S) => s.hasTag('empty');
export const selectError = (s: S) => (s.hasTag('failed') ? s.context.error : null);
