// The button that leaves a form or dialog without doing its work: soft and gray beside the
// action, never a submit, disabled while the action runs.
import type { ReactNode } from 'react';
import { Button } from '@radix-ui/themes';

export function CancelButton({
  onClick,
  disabled,
  children = 'Cancel',
}: {
  onClick: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Button type="button" variant="soft" color="gray" disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
