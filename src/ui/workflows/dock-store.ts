// Which workflow the side panel watches live while the person moves around the panel. Kept in
// sessionStorage, so it stays open over a reload of this tab and no other tab sees it.
const KEY = 'staff-console.workflow-dock';

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function write(value: string | null): void {
  try {
    if (value) sessionStorage.setItem(KEY, value);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the panel still opens for this page load.
  }
}

let current = typeof window === 'undefined' ? null : read();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const workflowDock = {
  /** The machine id being watched, or null. */
  get: (): string | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(machineId: string): void {
    current = machineId;
    write(machineId);
    notify();
  },
  close(): void {
    current = null;
    write(null);
    notify();
  },
};
