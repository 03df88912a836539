// A form whose submit (Enter in a field, or its Save button) saves only when it may: complete,
// changed where that matters, and not already busy. The page never reloads on submit.
import type { ReactNode } from 'react';

export function SaveForm({
  label,
  canSave,
  onSave,
  noValidate,
  children,
}: {
  label: string;
  canSave: boolean;
  onSave: () => void;
  /** The form's own refusals stand in for the browser's. */
  noValidate?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate={noValidate}
      onSubmit={(e) => {
        e.preventDefault();
        if (canSave) onSave();
      }}
    >
      {children}
    </form>
  );
}
