// A dialog that shows something and asks nothing (a record's history, a dashboard's settings): its
// title naming it, a line of what it holds, the content, and Close.
import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useDialogFocus } from './dialog-focus';

export function ViewDialog({
  title,
  description,
  maxWidth,
  onClose,
  children,
}: {
  /** The title, and the dialog's name. */
  title: string;
  description: ReactNode;
  maxWidth: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { onCloseAutoFocus } = useDialogFocus(true);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth={maxWidth} aria-label={title} onCloseAutoFocus={onCloseAutoFocus}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {description}
        </Dialog.Description>
        {children}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
