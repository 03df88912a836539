// The one form dialog: a title, what saving does, the form (named for what it makes or changes)
// with the server's refusal above the fields, then Cancel and the submit button, which spins while
// saving. Closing is Cancel, and nothing closes it while it saves.
import type { FormEvent, ReactNode } from 'react';
import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { CancelButton } from './cancel-button';

export function FormDialog({
  title,
  description,
  formLabel,
  lead,
  error,
  saving,
  submitLabel = 'Save',
  onSubmit,
  onCancel,
  maxWidth = '480px',
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  formLabel: string;
  /** Shown above the refusal: what the form is about, read only. */
  lead?: ReactNode;
  error?: string | null;
  saving: boolean;
  submitLabel?: string;
  onSubmit: () => void;
  onCancel: () => void;
  maxWidth?: string;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !saving && onCancel()}>
      <Dialog.Content maxWidth={maxWidth}>
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
            <Flex gap="3" justify="end" mt="2">
              <CancelButton disabled={saving} onClick={onCancel} />
              <Button type="submit" loading={saving}>
                {submitLabel}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
