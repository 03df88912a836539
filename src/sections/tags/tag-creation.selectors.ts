import type { SnapshotFrom } from 'xstate';
import { draftComplete, type tagCreationMachine } from './tag-creation.machine';

type S = SnapshotFrom<typeof tagCreationMachine>;

export const selectOpen = (s: S) => s.hasTag('open');
export const selectEditable = (s: S) => s.hasTag('editable');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectDraft = (s: S) => s.context.draft;
/** Add is offered once a name is entered and while the form can be edited. */
export const selectCanAdd = (s: S) => s.hasTag('editable') && draftComplete(s.context.draft);
export const selectRefusal = (s: S) => (s.matches('refused') ? s.context.error : null);
export const selectFailure = (s: S) => (s.matches('failed') ? s.context.error : null);
