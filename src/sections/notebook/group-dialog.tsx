// 'New tag group': a name, a description and a colour; Create once a name is typed. The server's
// words appear at their fields.
import { TextField } from '@radix-ui/themes';
import { groupNamed } from './notebook.machine';
import {
  selectCreatingGroup,
  selectFieldErrors,
  selectGroupError,
  selectGroupOpen,
  selectNewGroup,
} from './notebook.selectors';
import type { NewGroupField } from './notebook.types';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { NotebookCtx } from './notebook-context';
import { FormDialog } from '../../ui/shared/form-dialog';

const LIMITS: Record<NewGroupField, number> = { name: 100, desc: 500, color: 7 };

function GroupField({ field, label, placeholder }: { field: NewGroupField; label: string; placeholder?: string }) {
  const actor = NotebookCtx.useActorRef();
  const value = NotebookCtx.useSelector(selectNewGroup)[field];
  const error = NotebookCtx.useSelector(selectFieldErrors)[field] || undefined;
  const creating = NotebookCtx.useSelector(selectCreatingGroup);
  const id = `new-tag-group-${field}`;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <TextField.Root
        id={id}
        value={value}
        maxLength={LIMITS[field]}
        placeholder={placeholder}
        disabled={creating}
        onChange={(e) => actor.send({ type: 'group.set', field, value: e.target.value })}
        {...described(id, error)}
      />
    </FieldFrame>
  );
}

export function GroupDialog() {
  const actor = NotebookCtx.useActorRef();
  const open = NotebookCtx.useSelector(selectGroupOpen);
  const creating = NotebookCtx.useSelector(selectCreatingGroup);
  const group = NotebookCtx.useSelector(selectNewGroup);
  const error = NotebookCtx.useSelector(selectGroupError);
  return (
    <FormDialog
      open={open}
      title="New tag group"
      description="A group for tags of Segments & Tags; its tags can then be offered in notebooks."
      formLabel="New tag group"
      error={error}
      saving={creating}
      ready={groupNamed(group)}
      submitLabel="Create"
      savingLabel="Creating…"
      maxWidth="440px"
      onSubmit={() => actor.send({ type: 'group.create' })}
      onCancel={() => actor.send({ type: 'group.cancel' })}
    >
      <GroupField field="name" label="Name" />
      <GroupField field="desc" label="Description" />
      <GroupField field="color" label="Colour" placeholder="#C0C0C0" />
    </FormDialog>
  );
}
