// Light or dark: each staff member's choice, kept in this browser under their id, or the system's
// preference (prefers-color-scheme) when they chose none or nobody is signed in. Kept as a kept
// choice (kept-choice.ts). Part of the first load, so kept small: the toggle
// (shell/theme-toggle.tsx) writes the choice.
import { useContext, useSyncExternalStore } from 'react';
import { ConsoleContext } from './console-context';
import { readKeptChoice } from './kept-choice';

export type AppearanceChoice = 'light' | 'dark' | 'system';
export type Appearance = 'light' | 'dark';

/** The kept choice's name; the event that tells the page it changed. */
export const APPEARANCE = 'appearance';
export const APPEARANCE_CHANGED = 'appearancechange';
const systemDark = () => matchMedia('(prefers-color-scheme: dark)');

/** What the staff member chose in this browser ('system' when nothing is kept). */
export function storedAppearance(staffId: number | null | undefined): AppearanceChoice {
  const kept = readKeptChoice(staffId, APPEARANCE);
  return kept === 'light' || kept === 'dark' ? kept : 'system';
}

/** Heard on a change of the system's preference, a sign-in or out, and a choice. */
function subscribeAll(tell: () => void, session?: { subscribe(tell: () => void): { unsubscribe(): void } }) {
  const media = systemDark();
  const signedIn = session?.subscribe(tell);
  media.addEventListener('change', tell);
  addEventListener(APPEARANCE_CHANGED, tell);
  return () => {
    signedIn?.unsubscribe();
    media.removeEventListener('change', tell);
    removeEventListener(APPEARANCE_CHANGED, tell);
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
