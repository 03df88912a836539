// What a person hears on arriving at a page of the shell: the document's title names the page
// ("Jane Doe · All Users · Staff Console", from the page's heading and the menu's section), and
// after a move within the panel (a menu link, a row opened, signing in) focus goes to the page's
// heading, so a screen reader reads where they are and Tab starts from the page. A page loaded
// or reloaded at its address keeps the browser's start (the skip link first); a change of the
// query alone (a tab, a filter, a page of a list) moves nothing. A control that goes away with what
// it did (Save while saving) hands focus back to the page, not the body (page-focus.ts).
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { menuEntryFor } from '../domain/menu';
import { focusPageHeading, keepFocusOnPage, pageHeading } from './page-focus';

const CONSOLE = 'Staff Console';
const SIGN_IN = `Sign in · ${CONSOLE}`;
/** How long a page may take to show its heading (a record read first) and still be given focus. */
const ARRIVAL_MS = 10_000;

/** The document title of a page: its heading when it names more than the section, the section, the console. */
export function pageTitle(pathname: string, heading: string | null | undefined): string {
  const section = menuEntryFor(pathname)?.label;
  const page = heading?.trim();
  return [page && page !== section ? page : null, section, CONSOLE].filter(Boolean).join(' · ');
}

/** The address the browser loaded this document at: that page arrives without a move of focus. */
function loadedAt(): string | null {
  const entry = performance.getEntriesByType?.('navigation')[0];
  return entry ? new URL(entry.name).pathname : null;
}

let firstArrival = true;

export function PageArrival() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(keepFocusOnPage, []);

  useEffect(() => {
    const main = document.querySelector('main') ?? document.body;
    const retitle = () => {
      document.title = pageTitle(pathname, pageHeading()?.textContent);
    };
    retitle();
    const titles = new MutationObserver(retitle);
    titles.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      titles.disconnect();
      // Leaving the shell is signing out: the page is /login again (index.html's title).
      document.title = SIGN_IN;
    };
  }, [pathname]);

  useEffect(() => {
    const loaded = firstArrival && loadedAt() === pathname;
    firstArrival = false;
    if (loaded) return;
    // The heading may come after the page's read, or replace a loading page's: focus it whenever
    // focus has nowhere else to be, until the person acts or the page has had its time.
    const settle = () => {
      if (!document.activeElement || document.activeElement === document.body) focusPageHeading();
    };
    const watcher = new MutationObserver(settle);
    const stop = () => {
      watcher.disconnect();
      clearTimeout(timer);
      removeEventListener('keydown', stop, true);
      removeEventListener('pointerdown', stop, true);
    };
    focusPageHeading();
    watcher.observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
    const timer = setTimeout(stop, ARRIVAL_MS);
    addEventListener('keydown', stop, true);
    addEventListener('pointerdown', stop, true);
    return stop;
  }, [pathname]);

  return null;
}
