// The one form dialog: a title, what saving does, the form (named for what it makes or changes)
// with the server's refusal above the fields, then Cancel and the submit button, which spins (or
// says what it is doing) while saving. Closing is Cancel, and nothing closes it while it saves.
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { CancelButton } from './cancel-button';
import { useDialogFocus } from './dialog-focus';

/** The end of a dialog's form: Cancel, then the submit, which waits until the form is ready. */
export function FormDialogActions({
  saving,
  ready = true,
  submitLabel = 'Save',
  savingLabel,
  submitColor,
  onCancel,
}: {
  /** Locks Cancel and the submit; the submit spins, or says `savingLabel`. */
  saving: boolean;
  /** False until the form can be sent (a required field empty, a send under way). */
  ready?: boolean;
  submitLabel?: string;
  /** What the submit says while saving ('Ending…'), instead of a spinner. */
  savingLabel?: string;
  /** Red for a submit that takes something away (ending, rejecting). */
  submitColor?: 'red';
  onCancel: () => void;
}) {
  const spins = savingLabel === undefined;
  return (
    <Flex gap="3" justify="end" mt="2">
      <CancelButton disabled={saving} onClick={onCancel} />
      <Button type="submit" color={submitColor} loading={spins && saving} disabled={saving || !ready}>
        {saving && !spins ? savingLabel : submitLabel}
      </Button>
    </Flex>
  );
}

export function FormDialog({
  open = true,
  title,
  description,
  formLabel,
  lead,
  error,
  onSubmit,
  maxWidth = '480px',
  children,
  ...actions
}: {
  /** For a dialog that stays mounted while closed. */
  open?: boolean;
  title: ReactNode;
  description: ReactNode;
  formLabel: string;
  /** Shown above the refusal: what the form is about, read only. */
  lead?: ReactNode;
  error?: string | null;
  onSubmit: () => void;
  maxWidth?: string;
  children: ReactNode;
} & ComponentProps<typeof FormDialogActions>) {
  const { onCloseAutoFocus } = useDialogFocus(open);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (actions.ready !== false) onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !actions.saving && actions.onCancel()}>
      <Dialog.Content maxWidth={maxWidth} onCloseAutoFocus={onCloseAutoFocus}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {description}
        </Dialog.Description>
        <form onSubmit={submit} aria-label={formLabel}>
          <Flex direction="column" gap="3">
            {lead}
            {error && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            {children}
            <FormDialogActions {...actions} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
