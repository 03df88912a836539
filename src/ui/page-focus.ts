// The page's heading as the place focus goes when what held it is gone: a new page after a route
// change, a dialog closed whose opener left the page. Headings take focus from script only.

/** The first heading of the main content: the page's h2 (the shell's h1 names the console). */
export const pageHeading = (): HTMLElement | null => document.querySelector<HTMLElement>('main h2, main h1');

/** Moves focus to the page's heading; false when the page shows none yet. */
export function focusPageHeading(): boolean {
  const heading = pageHeading();
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return document.activeElement === heading;
}

/** How long a control disabled by what it started (Save while saving) may take to come back. */
const COMEBACK_MS = 2_000;

/**
 * Keeps focus on the page when the focused control is disabled or removed by what it did (Save
 * saving, then nothing left to save; a row's Delete with its row). Browsers then drop focus to the
 * body without an event, so the page's changes are watched: focus returns to the control if it
 * comes back soon, else goes to the page's heading. Focus the person moved is left alone.
 * Returns the uninstaller.
 */
export function keepFocusOnPage(): () => void {
  let last: HTMLElement | null = null;
  let rescuing = false;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest('main')) last = event.target;
  };
  const lost = () => !document.activeElement || document.activeElement === document.body;
  const gone = (el: HTMLElement) => !el.isConnected || el.matches(':disabled');
  const rescue = (from: HTMLElement, until: number) => {
    if (!lost()) return void (rescuing = false);
    if (!gone(from)) from.focus();
    else if (from.isConnected && Date.now() < until) return void requestAnimationFrame(() => rescue(from, until));
    else focusPageHeading();
    rescuing = false;
  };
  const watcher = new MutationObserver(() => {
    if (rescuing || !last || !lost() || !gone(last)) return;
    rescuing = true;
    const from = last;
    requestAnimationFrame(() => rescue(from, Date.now() + COMEBACK_MS));
  });
  watcher.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('focusin', onFocusIn);
  return () => {
    watcher.disconnect();
    document.removeEventListener('focusin', onFocusIn);
  };
}
