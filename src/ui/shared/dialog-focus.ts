// Where focus goes as a dialog opens and closes. Radix gives focus back to a dialog's trigger, but
// the panel's dialogs open by state (a row's button, a step of a machine): with no trigger, focus
// fell to the page's body. The element focused as the dialog opened takes it back; when that is
// gone or disabled, the page's heading does. An alert dialog focuses its first control (Cancel in
// a confirmation): Radix looks for its own Cancel part, which the panel's dialogs do not use.
import { useLayoutEffect, useRef } from 'react';
import { focusPageHeading } from '../page-focus';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

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
      back?.focus();
      if (!back?.isConnected || document.activeElement !== back) focusPageHeading();
    },
  };
}
