// The piece every form of the panel uses so that input is never lost (decision 042):
// - `useStoredDraft` reads the form's kept draft once, for the machine's input;
// - `useKeepDraft` writes what the machine says to keep (null: clear) on every change;
// - `LeaveGuard` asks before an in-app navigation (links, the menu, Back and Forward) would lose
//   input, and lets the browser ask before a reload or close when the draft could not be kept.
// A form whose draft survives leaving (a record being created) asks only when storing failed;
// one whose leaving discards the edits (an existing record) always asks while it holds changes.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/session.machine';
import { clearDraft, readDraft, writeDraft, type DraftAddress } from '../../services/drafts';

/** Whose drafts: the signed-in staff member's user id (none while signed out). */
export const selectStaffId = (s: SnapshotFrom<typeof sessionMachine>): number | null => s.context.info?.user_id ?? null;

const addressKey = (a: DraftAddress | null) => (a ? `${a.staff}:${a.form}:${a.record}` : null);

/** The draft kept for `address`, read once per address (a machine's input is fixed when it starts). */
export function useStoredDraft<T>(address: DraftAddress | null, check: (value: unknown) => T | null): T | null {
  const key = addressKey(address);
  // Keyed by the address's parts: a new object for the same address reads nothing again.
  return useMemo(() => (address ? readDraft(address, check) : null), [key]);
}

/** Drafts compared by value: a selector builds a new object on every snapshot. */
export const sameDraft = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps `draft` (null: nothing to keep, the entry is removed; undefined: not known yet, the entry
 * stays as it is). Returns whether the latest draft is kept: false when storage refused it, so the
 * form guards a reload itself.
 */
export function useKeepDraft(address: DraftAddress | null, draft: unknown): boolean {
  const [kept, setKept] = useState(true);
  const json = draft === null || draft === undefined ? null : JSON.stringify(draft);
  const known = draft !== undefined;
  const key = addressKey(address);
  useEffect(() => {
    if (!address || !known) return;
    if (json === null) {
      clearDraft(address);
      setKept(true);
    } else setKept(writeDraft(address, JSON.parse(json)));
    // `key` stands for the address's parts, `json` for the draft's value.
  }, [key, json, known]);
  return kept;
}

export interface LeaveGuardProps {
  /** The form holds input that leaving would lose. */
  when: boolean;
  /** The browser asks before a reload or close too (the draft could not be kept). */
  beforeUnload: boolean;
  title: string;
  description: string;
  leaveLabel: string;
  /** Runs as the person confirms leaving (before the navigation): e.g. the draft is dropped. */
  onLeave?: () => void;
}

/** Pathnames the guard never holds up: the session ended, and sign-in must show. */
const ALWAYS_ALLOWED = /^\/login/;

/** Outside a router (a machine's path test mounts the page alone) there is nothing to guard. */
export function LeaveGuard(props: LeaveGuardProps) {
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | null;
  return router ? <RouterLeaveGuard {...props} /> : null;
}

function RouterLeaveGuard({ when, beforeUnload, title, description, leaveLabel, onLeave }: LeaveGuardProps) {
  const latest = useRef({ when, onLeave });
  latest.current = { when, onLeave };
  const blocker = useBlocker({
    // Moving within the same page (its search or hash) is not leaving it.
    shouldBlockFn: ({ current, next }) =>
      latest.current.when && current.pathname !== next.pathname && !ALWAYS_ALLOWED.test(next.pathname),
    enableBeforeUnload: () => latest.current.when && beforeUnload,
    withResolver: true,
  });
  const open = blocker.status === 'blocked';
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && blocker.reset?.()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" onClick={() => blocker.reset?.()}>
              Stay on this page
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button
              color="red"
              onClick={() => {
                latest.current.onLeave?.();
                blocker.proceed?.();
              }}
            >
              {leaveLabel}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/**
 * A form's draft kept (a reload brings it back) and its leave guard: leaving the page with a change
 * asks first and drops the draft; a reload asks only when the draft could not be kept.
 */
export function DraftKeeper({
  address,
  draft,
  changed,
  description,
  leaveLabel = 'Discard the changes and leave',
}: {
  address: DraftAddress | null;
  /** What to keep: null when nothing is changed, undefined while the form is not read yet. */
  draft: unknown;
  changed: boolean;
  description: string;
  leaveLabel?: string;
}) {
  const kept = useKeepDraft(address, draft);
  return (
    <LeaveGuard
      when={changed}
      beforeUnload={draft != null && !kept}
      title="Leave without saving?"
      description={description}
      leaveLabel={leaveLabel}
      onLeave={() => {
        if (address) clearDraft(address);
      }}
    />
  );
}

/**
 * The draft of a dialog form that makes a record or changes one: kept across a reload; leaving asks
 * for a change to an existing record (and drops its draft), or for a new one only when it could not
 * be kept for the person's return.
 */
export function RecordFormDraftKeeper({
  address,
  draft,
  changed,
  editing,
  editingText,
  creatingText,
  editingLeaveLabel = 'Discard the changes and leave',
}: {
  address: DraftAddress | null;
  draft: unknown;
  changed: boolean;
  /** The open form changes an existing record (not a new one). */
  editing: boolean;
  editingText: string;
  creatingText: string;
  editingLeaveLabel?: string;
}) {
  const kept = useKeepDraft(address, draft);
  return (
    <LeaveGuard
      when={editing ? changed : draft !== null && !kept}
      beforeUnload={draft !== null && !kept}
      title="Leave without saving?"
      description={editing ? editingText : creatingText}
      leaveLabel={editing ? editingLeaveLabel : 'Leave without saving'}
      onLeave={() => {
        if (address && editing) clearDraft(address);
      }}
    />
  );
}
