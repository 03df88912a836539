// Create Group / Rename: the group's name (and, for a new group, its kind). The server's refusal
// stands at its field; a change someone else made first is said above.
import { shallowEqual } from '@xstate/react';
import { Select } from '@radix-ui/themes';
import { GROUP_KIND_LABELS, GROUP_KINDS, GROUP_NAME_MAX, type GroupKind } from '../../domain/groups';
import { selectFormView } from './groups.selectors';
import { FieldFrame } from '../../ui/form/field-frame';
import { GroupsCtx } from './groups-context';
import { RecordFormDialog } from '../../ui/shared/record-dialogs';
import { RecordTextField, recordFieldsOf } from '../../ui/shared/record-fields';
import { SelectOptions } from '../../ui/form/select-options';

export function GroupFormDialog() {
  const editor = GroupsCtx.useActorRef();
  const { open, form, saving, errors, formError } = GroupsCtx.useSelector(selectFormView, shallowEqual);
  if (!open || !form) return null;
  const creating = form.id === null;
  const field = recordFieldsOf(form, errors, saving);
  return (
    <RecordFormDialog
      title={creating ? 'Create Group' : 'Rename group'}
      description={
        creating
          ? 'A group of this organization; its name must differ from the others’, whatever the case.'
          : `Was '${form.base.name}'. Its members and switches stay as they are.`
      }
      formLabel={creating ? 'New group' : 'Rename group'}
      error={formError}
      saving={saving}
      submitLabel={creating ? 'Create' : 'Save'}
      maxWidth="480px"
      send={editor.send}
    >
      <RecordTextField
        id="group-name"
        label="Group name"
        maxLength={GROUP_NAME_MAX}
        autoFocus
        {...field('name', (value) => editor.send({ type: 'form.name', value }))}
      />
      {creating && (
        <FieldFrame label="Kind" error={errors['kind']}>
          <Select.Root
            value={form.kind}
            disabled={saving}
            onValueChange={(value) => editor.send({ type: 'form.kind', value: value as GroupKind })}
          >
            <Select.Trigger aria-label="Kind" style={{ width: '100%' }} />
            <SelectOptions
              position="popper"
              options={GROUP_KINDS.map((k) => ({ value: k, label: GROUP_KIND_LABELS[k] }))}
            />
          </Select.Root>
        </FieldFrame>
      )}
    </RecordFormDialog>
  );
}
