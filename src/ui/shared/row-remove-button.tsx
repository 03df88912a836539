// A row's small red action that takes its thing away (Remove, End, Take off), named for the row
// so each reads apart from the others in the list. One for every list, so they look alike.
import { Button } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function RowRemoveButton({
  label,
  disabled,
  onClick,
  ghost = false,
  children,
}: {
  /** The accessible name: the action and the row (Remove ana from Sales). */
  label: string;
  disabled: boolean;
  onClick: () => void;
  /** Plain text beside a row's words rather than a soft button in a table cell. */
  ghost?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      size="1"
      variant={ghost ? 'ghost' : 'soft'}
      color="red"
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
