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

/** Keeps the editor's open form as a draft, and guards leaving while it holds what would be lost. */
export function RecordDraftKeeper<L extends AnyActorLogic>({
  ctx,
  select,
  address,
  editingText,
  creatingText,
  editingLeaveLabel,
}: {
  ctx: EditorContext<L>;
  select: {
    draft: (s: SnapshotFrom<L>) => unknown;
    form: (s: SnapshotFrom<L>) => { id: unknown } | null;
    changed: (s: SnapshotFrom<L>) => boolean;
  };
  address: DraftAddress | null;
  editingText: string;
  creatingText: string;
  editingLeaveLabel?: string;
}) {
  const draft = ctx.useSelector(select.draft, sameDraft);
  const form = ctx.useSelector(select.form);
  const changed = ctx.useSelector(select.changed);
  return (
    <RecordFormDraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      editing={form !== null && form.id !== null}
      editingText={editingText}
      creatingText={creatingText}
      {...(editingLeaveLabel === undefined ? {} : { editingLeaveLabel })}
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
