// Light or dark: each staff member's choice, kept in this browser's localStorage under their id,
// or the system's preference (prefers-color-scheme) when they chose none or nobody is signed in.
// Part of the first load, so kept small: the toggle (shell/theme-toggle.tsx) writes the choice.
import { useContext, useSyncExternalStore } from 'react';
import { ConsoleContext } from './console-context';

export type AppearanceChoice = 'light' | 'dark' | 'system';
export type Appearance = 'light' | 'dark';

export const appearanceKey = (staffId: number) => `staff-console:appearance:${staffId}`;
const systemDark = () => matchMedia('(prefers-color-scheme: dark)');

/** What the staff member chose in this browser ('system' when nothing is kept). */
export function storedAppearance(staffId: number | null | undefined): AppearanceChoice {
  let value: string | null = null;
  try {
    value = staffId == null ? null : localStorage.getItem(appearanceKey(staffId));
  } catch {
    /* storage refused: the system's preference */
  }
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Heard on a change of the system's preference, a sign-in or out, and a choice (a 'storage' event). */
function subscribeAll(tell: () => void, session?: { subscribe(tell: () => void): { unsubscribe(): void } }) {
  const media = systemDark();
  const signedIn = session?.subscribe(tell);
  media.addEventListener('change', tell);
  addEventListener('storage', tell);
  return () => {
    signedIn?.unsubscribe();
    media.removeEventListener('change', tell);
    removeEventListener('storage', tell);
  };
}

/** The signed-in staff member's appearance now: their choice, else the system's preference. */
export function useAppearance(): Appearance {
  const session = useContext(ConsoleContext)?.session;
  return useSyncExternalStore(
    (tell) => subscribeAll(tell, session),
    () => {
      const choice = storedAppearance(session?.getSnapshot().context.info?.user_id);
      return choice === 'system' ? (systemDark().matches ? 'dark' : 'light') : choice;
    },
  );
}
