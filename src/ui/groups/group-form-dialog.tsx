// Create Group / Rename: the group's name (and, for a new group, its kind). The server's refusal
// stands at its field; a change someone else made first is said above.
import { Button, Callout, Dialog, Flex, Select, TextField } from '@radix-ui/themes';
import type { FormEvent } from 'react';
import { GROUP_KIND_LABELS, GROUP_KINDS, GROUP_NAME_MAX, type GroupKind } from '../../domain/groups';
import { selectFieldErrors, selectForm, selectFormError, selectFormOpen, selectSaving } from '../../machines/group-editor/group-editor.selectors';
import { described, FieldFrame } from '../form/field-frame';
import { GroupsCtx } from './groups-context';

export function GroupFormDialog() {
  const editor = GroupsCtx.useActorRef();
  const open = GroupsCtx.useSelector(selectFormOpen);
  const form = GroupsCtx.useSelector(selectForm);
  const saving = GroupsCtx.useSelector(selectSaving);
  const errors = GroupsCtx.useSelector(selectFieldErrors);
  const formError = GroupsCtx.useSelector(selectFormError);
  if (!open || !form) return null;
  const creating = form.id === null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    editor.send({ type: 'form.submit' });
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !saving && editor.send({ type: 'form.cancel' })}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{creating ? 'Create Group' : 'Rename group'}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {creating ? 'A group of this organization; its name must differ from the others’, whatever the case.' : `Was '${form.base.name}'. Its members and switches stay as they are.`}
        </Dialog.Description>
        <form onSubmit={submit} aria-label={creating ? 'New group' : 'Rename group'}>
          <Flex direction="column" gap="3">
            {formError && <Callout.Root color="red" role="alert"><Callout.Text>{formError}</Callout.Text></Callout.Root>}
            <FieldFrame id="group-name" label="Group name" error={errors['name']}>
              <TextField.Root id="group-name" value={form.name} maxLength={GROUP_NAME_MAX} disabled={saving} autoFocus
                onChange={(e) => editor.send({ type: 'form.name', value: e.currentTarget.value })} {...described('group-name', errors['name'])} />
            </FieldFrame>
            {creating && (
              <FieldFrame label="Kind" error={errors['kind']}>
                <Select.Root value={form.kind} disabled={saving} onValueChange={(value) => editor.send({ type: 'form.kind', value: value as GroupKind })}>
                  <Select.Trigger aria-label="Kind" style={{ width: '100%' }} />
                  <Select.Content position="popper">
                    {GROUP_KINDS.map((k) => <Select.Item key={k} value={k}>{GROUP_KIND_LABELS[k]}</Select.Item>)}
                  </Select.Content>
                </Select.Root>
              </FieldFrame>
            )}
            <Flex gap="3" justify="end" mt="2">
              <Button type="button" variant="soft" color="gray" disabled={saving} onClick={() => editor.send({ type: 'form.cancel' })}>Cancel</Button>
              <Button type="submit" loading={saving}>{creating ? 'Create' : 'Save'}</Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
