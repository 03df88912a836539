// Light or dark: each staff member's choice, kept in this browser under their id, or the system's
// preference (prefers-color-scheme) when they chose none or nobody is signed in. Kept in a cookie,
// not localStorage, which spec §4 clears at every sign-out. Part of the first load, so kept small:
// the toggle (shell/theme-toggle.tsx) writes the choice.
import { useContext, useSyncExternalStore } from 'react';
import { ConsoleContext } from './console-context';

export type AppearanceChoice = 'light' | 'dark' | 'system';
export type Appearance = 'light' | 'dark';

/** The cookie holding one staff member's choice; the event that tells the page it changed. */
export const appearanceKey = (staffId: number) => `appearance-${staffId}`;
export const APPEARANCE_CHANGED = 'appearancechange';
const systemDark = () => matchMedia('(prefers-color-scheme: dark)');

/** What the staff member chose in this browser ('system' when nothing is kept). */
export function storedAppearance(staffId: number | null | undefined): AppearanceChoice {
  const kept =
    staffId == null ? null : new RegExp(`(?:^|; )${appearanceKey(staffId)}=(light|dark)`).exec(document.cookie);
  return (kept?.[1] as Appearance | undefined) ?? 'system';
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
