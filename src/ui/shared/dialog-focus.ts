// Where focus goes as a dialog opens and closes. Radix gives focus back to a dialog's trigger, but
// the panel's dialogs open by state (a row's button, a step of a machine): with no trigger, focus
// fell to the page's body. The element focused as the dialog opened takes it back; when that is
// gone or disabled, the page's heading does. An alert dialog focuses its first control (Cancel in
// a confirmation): Radix looks for its own Cancel part, which the panel's dialogs do not use.
import { useLayoutEffect, useRef } from 'react';
import { focusPageHeading } from '../page-focus';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** How long the opener may stay disabled or redrawn (its list read again) before the heading takes focus. */
const SETTLE_MS = 2_000;

/** The opener itself, or the element drawn in its place (same tag, same name). */
function openerNow(opener: HTMLElement): HTMLElement | null {
  if (opener.isConnected) return opener;
  const name = opener.getAttribute('aria-label');
  const text = opener.textContent;
  return (
    [...document.querySelectorAll<HTMLElement>(opener.tagName)].find((el) =>
      name ? el.getAttribute('aria-label') === name : el.textContent === text,
    ) ?? null
  );
}

function returnTo(opener: HTMLElement | null, until: number): void {
  // Focus the person has put somewhere meanwhile stays there.
  if (document.activeElement && document.activeElement !== document.body) return;
  const now = opener && openerNow(opener);
  now?.focus();
  if (now && document.activeElement === now) return;
  if (opener && Date.now() < until) requestAnimationFrame(() => returnTo(opener, until));
  else focusPageHeading();
}

/** Props for Dialog.Content or AlertDialog.Content of a dialog that is open when `open` is. */
export function useDialogFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (in a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return {
    onOpenAutoFocus(event: Event) {
      const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(FOCUSABLE);
      if (!first) return;
      event.preventDefault();
      first.focus();
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault();
      const back = opener.current;
      opener.current = null;
      returnTo(back, Date.now() + SETTLE_MS);
    },
  };
}
