// A record's form dialog and its delete confirmation, answered by the record's editor: Save is
// form.submit and Cancel form.cancel; the delete's action is delete.confirm and Cancel delete.cancel.
import type { ComponentProps } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './form-dialog';

type FormStep = { type: 'form.submit' } | { type: 'form.cancel' };
type DeleteStep = { type: 'delete.confirm' } | { type: 'delete.cancel' };

export function RecordFormDialog({
  send,
  ...dialog
}: Omit<ComponentProps<typeof FormDialog>, 'onSubmit' | 'onCancel'> & { send: (event: FormStep) => void }) {
  return (
    <FormDialog
      {...dialog}
      onSubmit={() => send({ type: 'form.submit' })}
      onCancel={() => send({ type: 'form.cancel' })}
    />
  );
}

export function RecordDeleteDialog({
  send,
  title,
  action = 'Delete',
  ...dialog
}: Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'action' | 'onConfirm' | 'onCancel'> & {
  action?: string;
  send: (event: DeleteStep) => void;
}) {
  return (
    <ConfirmDialog
      open
      title={title}
      action={action}
      {...dialog}
      onConfirm={() => send({ type: 'delete.confirm' })}
      onCancel={() => send({ type: 'delete.cancel' })}
    />
  );
}
