// Form drafts in the tab's sessionStorage (decision 042): what a person typed survives a reload,
// Back and Forward, and is gone when the tab closes. A draft belongs to one form, one record (or
// 'new') and the staff member signed in, so nobody else signing in on the tab meets it; it is
// cleared on a successful save, on a cancel and on sign-out. Entries are versioned: a draft written
// by an older panel, or anything unreadable, reads as no draft. Kept free of valibot: the form
// hands in its own check of what it stored, and sign-out (first load) clears drafts too.

/** Bump when the stored shape of any form's draft changes incompatibly. */
export const DRAFT_VERSION = 1;
const PREFIX = 'staff-console.draft';

export interface DraftAddress {
  /** The form: 'user-create', 'user-edit', … */
  form: string;
  /** The record edited; 'new' for a record being created. */
  record: string | number;
  /** The signed-in staff member's user id. */
  staff: number;
}

interface Stored {
  v: number;
  savedAt: number;
  value: unknown;
}

export const draftStorageKey = (a: DraftAddress) => `${PREFIX}:${a.staff}:${a.form}:${a.record}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/**
 * The draft stored for `address`, when `check` accepts it (it returns the value in its own type,
 * or null); a broken, foreign-version or refused entry is removed and reads as none.
 */
export function readDraft<T>(address: DraftAddress, check: (value: unknown) => T | null): T | null {
  const store = storage();
  const key = draftStorageKey(address);
  try {
    const raw = store?.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored> | null;
    const value = stored && typeof stored === 'object' && stored.v === DRAFT_VERSION ? check(stored.value) : null;
    if (value === null) store?.removeItem(key);
    return value;
  } catch {
    try {
      store?.removeItem(key);
    } catch {
      // nothing more to do: the entry stays unread
    }
    return null;
  }
}

/** Stores the draft; false when it could not be kept (no storage, full): the form then guards a reload itself. */
export function writeDraft(address: DraftAddress, value: unknown, now = Date.now()): boolean {
  const store = storage();
  if (!store) return false;
  try {
    const entry: Stored = { v: DRAFT_VERSION, savedAt: now, value };
    store.setItem(draftStorageKey(address), JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(address: DraftAddress): void {
  try {
    storage()?.removeItem(draftStorageKey(address));
  } catch {
    // storage disabled: nothing was kept either
  }
}

/** Every draft of the tab, whoever wrote it: on sign-out. */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(`${PREFIX}:`)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // storage disabled: nothing was kept either
  }
}
