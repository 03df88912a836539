// The Create Tag dialog (spec §2, §5): Tag Name (required), Tag Color, Tag Description and an
// optional Tag Group; Add stays disabled until a name is entered. Driven by the tagCreation
// machine, a child of the tag selector's.
import { Flex, Select, Text, TextArea, TextField } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { COLOR_PATTERN, DEFAULT_TAG_COLOR, previewText, type Tag } from '../../domain/tags';
import {
  selectBusy,
  selectCanAdd,
  selectDraft,
  selectEditable,
  selectFailure,
  selectOpen,
  selectRefusal,
} from './tag-creation.selectors';
import type { tagCreationMachine } from './tag-creation.machine';
import type { ActorRefFrom } from 'xstate';
import { TagLabel } from './tag-label';
import { FormDialog } from '../../ui/shared/form-dialog';

const NO_GROUP = 'none';

export function CreateTagDialog({
  actor,
  groups,
  choosing = false,
}: {
  actor: ActorRefFrom<typeof tagCreationMachine>;
  groups: readonly Tag[];
  choosing?: boolean;
}) {
  const open = useSelector(actor, selectOpen);
  const editable = useSelector(actor, selectEditable);
  const busy = useSelector(actor, selectBusy);
  const draft = useSelector(actor, selectDraft);
  const canAdd = useSelector(actor, selectCanAdd);
  const refusal = useSelector(actor, selectRefusal);
  const failure = useSelector(actor, selectFailure);
  const change = (field: 'name' | 'color' | 'description', value: string) =>
    actor.send({ type: 'draft.change', field, value });

  return (
    <FormDialog
      open={open}
      title="Create Tag"
      description={
        choosing ? 'The new tag is chosen once it is created.' : 'The new tag is added to this user once it is created.'
      }
      formLabel="Create Tag"
      error={refusal ?? failure}
      saving={busy}
      ready={failure !== null || canAdd}
      submitLabel={failure ? 'Retry' : 'Add'}
      maxWidth="460px"
      onSubmit={() => actor.send(failure ? { type: 'tag.retry' } : { type: 'tag.submit' })}
      onCancel={() => actor.send({ type: 'tag.cancel' })}
    >
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          Tag Name
        </Text>
        <TextField.Root
          value={draft.name}
          required
          maxLength={100}
          autoFocus
          disabled={!editable}
          onChange={(e) => change('name', e.target.value)}
        />
      </label>
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          Tag Color
        </Text>
        <Flex gap="2" align="center">
          <input
            type="color"
            aria-label="Tag Color"
            value={COLOR_PATTERN.test(draft.color) ? draft.color : DEFAULT_TAG_COLOR}
            disabled={!editable}
            onChange={(e) => change('color', e.target.value.toUpperCase())}
            style={{ width: 40, height: 28, padding: 0, border: 'none' }}
          />
          <TagLabel
            tag={{ name: draft.name.trim() || 'Preview', color: draft.color, description: draft.description }}
          />
        </Flex>
      </label>
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          Tag Description
        </Text>
        <TextArea
          value={draft.description}
          maxLength={500}
          disabled={!editable}
          onChange={(e) => change('description', e.target.value)}
        />
      </label>
      <div>
        <Text as="div" size="2" weight="medium" mb="1" id="create-tag-group">
          Tag Group
        </Text>
        <Select.Root
          value={draft.groupId === null ? NO_GROUP : String(draft.groupId)}
          disabled={!editable}
          onValueChange={(value) =>
            actor.send({ type: 'draft.group', groupId: value === NO_GROUP ? null : Number(value) })
          }
        >
          <Select.Trigger aria-labelledby="create-tag-group" style={{ width: '100%' }} />
          <Select.Content position="popper">
            <Select.Item value={NO_GROUP}>No group</Select.Item>
            {groups.map((g) => (
              <Select.Item key={g.id} value={String(g.id)}>
                {g.name}
                {g.description ? ` — ${previewText(g.description, true)}` : ''}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </div>
    </FormDialog>
  );
}
