// 'New tag group': a name, a description and a colour; Create once a name is typed. The server's
// words appear at their fields.
import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
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
import { CancelButton } from '../../ui/shared/cancel-button';

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
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o && !creating) actor.send({ type: 'group.cancel' });
      }}
    >
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>New tag group</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          A group for tags of Segments &amp; Tags; its tags can then be offered in notebooks.
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'group.create' });
          }}
        >
          <Flex direction="column" gap="3" mt="3">
            <GroupField field="name" label="Name" />
            <GroupField field="desc" label="Description" />
            <GroupField field="color" label="Colour" placeholder="#C0C0C0" />
            {error && (
              <Text size="2" color="red" role="alert">
                {error}
              </Text>
            )}
            <Flex gap="3" justify="end">
              <CancelButton disabled={creating} onClick={() => actor.send({ type: 'group.cancel' })} />
              <Button type="submit" disabled={creating || !groupNamed(group)}>
                {creating ? 'Creating…' : 'Create'}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
