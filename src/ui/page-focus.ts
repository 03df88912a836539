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
