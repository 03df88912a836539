// A record section's editor for the signed-in staff member. Each keeps one form draft per staff
// member, the open form (new or a change): read back when the section mounts, kept as they type
// (decision 042); leaving asks only when it could not be kept, or for a change to a record.
import { createActorContext, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { AnyActorLogic, InputFrom, SnapshotFrom } from 'xstate';
import type { DraftAddress } from '../../services/drafts';
import { useConsole, useInspect } from '../console-context';
import { DraftKeeper, RecordFormDraftKeeper, sameDraft, selectStaffId, useStoredDraft } from '../form/form-draft';

/** Where a section keeps the open form's draft for a staff member (none before sign-in). */
export const openFormAddress = (form: string, staff: number | null): DraftAddress | null =>
  staff === null ? null : { form, record: 'open', staff };

/** Where a screen with one form at a time (a reason, an approval, a record's change) keeps it for a staff member. */
export const formDraftAddress = (form: string, staff: number | null): DraftAddress | null =>
  staff === null ? null : { form, record: 'form', staff };

/** The signed-in staff member, whose drafts these are. */
export function useStaffId(): number | null {
  const { session } = useConsole();
  return useSelector(session, selectStaffId);
}

type EditorContext<L extends AnyActorLogic> = ReturnType<typeof createActorContext<L>>;

/** The editor's actor, started from the kept draft and what else the section gives it. */
export function RecordScope<L extends AnyActorLogic, D>({
  ctx,
  logic,
  address,
  check,
  input,
  children,
}: {
  ctx: EditorContext<L>;
  logic: L;
  address: DraftAddress | null;
  check: (value: unknown) => D | null;
  input: (kept: D | null) => InputFrom<L>;
  children: ReactNode;
}) {
  const kept = useStoredDraft(address, check);
  const [started] = useState(() => input(kept));
  return (
    <ctx.Provider logic={logic} options={{ input: started, inspect: useInspect() }}>
      {children}
    </ctx.Provider>
  );
}

/** The editor's selectors of its open form, as each section's selectors module names them. */
export interface RecordDraftSelectors<L extends AnyActorLogic> {
  selectDraftToKeep: (s: SnapshotFrom<L>) => unknown;
  selectForm: (s: SnapshotFrom<L>) => { id: unknown } | null;
  selectFormChanged: (s: SnapshotFrom<L>) => boolean;
}

/**
 * Keeps the editor's open form as a draft, and guards leaving while it holds what would be lost.
 * The question names the record: `record` ('SKU') where its form changes it, `renamed` ('group')
 * where its form only renames it, and then speaks of its new name.
 */
export function RecordDraftKeeper<L extends AnyActorLogic>({
  ctx,
  select,
  address,
  ...named
}: {
  ctx: EditorContext<L>;
  select: RecordDraftSelectors<L>;
  address: DraftAddress | null;
} & ({ record: string; renamed?: never } | { renamed: string; record?: never })) {
  const renames = named.renamed !== undefined;
  const record = named.renamed ?? named.record;
  const draft = ctx.useSelector(select.selectDraftToKeep, sameDraft);
  const form = ctx.useSelector(select.selectForm);
  const changed = ctx.useSelector(select.selectFormChanged);
  return (
    <RecordFormDraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      editing={form !== null && form.id !== null}
      editingText={
        renames
          ? `The new name of this ${record} is not saved yet.`
          : `The changes to this ${record} are not saved yet.`
      }
      creatingText={`This ${record} is not saved yet, and could not be kept for your return.`}
      {...(renames ? { editingLeaveLabel: 'Discard the change and leave' } : {})}
    />
  );
}

/** Keeps a screen's one form as a draft, and asks before a changed one is left (and dropped). */
export function FormDraftKeeper<L extends AnyActorLogic>({
  ctx,
  select,
  address,
  description,
  leaveLabel,
}: {
  ctx: EditorContext<L>;
  select: { draft: (s: SnapshotFrom<L>) => unknown; changed: (s: SnapshotFrom<L>) => boolean };
  address: DraftAddress | null;
  /** What leaving would lose, in the question. */
  description: string;
  leaveLabel?: string;
}) {
  const draft = ctx.useSelector(select.draft, sameDraft);
  const changed = ctx.useSelector(select.changed);
  return (
    <DraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      description={description}
      {...(leaveLabel === undefined ? {} : { leaveLabel })}
    />
  );
}
