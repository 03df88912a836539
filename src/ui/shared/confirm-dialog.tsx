// The one confirmation before a destructive (or weighty) action: a title asking the question, a
// description naming what happens and to how many, any details, the failure if the try failed,
// then Cancel and the action. While the action runs the button spins and nothing closes the dialog.
import type { ReactNode } from 'react';
import { AlertDialog, Box, Button, Callout, Flex } from '@radix-ui/themes';
import { CancelButton } from './cancel-button';
import { useDialogFocus } from './dialog-focus';

export function ConfirmDialog({
  open,
  title,
  children,
  details,
  error,
  action,
  tone = 'red',
  busy = false,
  disabled = false,
  onConfirm,
  onCancel,
  maxWidth = '480px',
}: {
  open: boolean;
  title: ReactNode;
  /** What the action does and to how many. */
  children: ReactNode;
  /** Shown under the description: a list of who is affected, a notice line. */
  details?: ReactNode;
  error?: string | null;
  action: string;
  tone?: 'red' | 'green' | 'accent';
  busy?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  maxWidth?: string;
}) {
  const focus = useDialogFocus(open);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o && !busy) onCancel();
      }}
    >
      <AlertDialog.Content maxWidth={maxWidth} {...focus}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{children}</AlertDialog.Description>
        {details && <Box mt="3">{details}</Box>}
        {error && (
          <Callout.Root color="red" role="alert" mt="3">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" mt="4" justify="end">
          <CancelButton disabled={busy} onClick={onCancel} />
          <Button
            color={tone === 'accent' ? undefined : tone}
            loading={busy}
            disabled={disabled || busy}
            onClick={onConfirm}
          >
            {action}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
