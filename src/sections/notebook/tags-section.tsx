// Notebook tags: the tags grouped by tag group, the user's ticked; 'New tag group' with the
// `tags` feature.
import { Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import type { Tag } from '../../domain/tags';
import {
  selectBusy,
  selectFieldErrors,
  selectGroups,
  selectMayCreateGroup,
  selectMayEdit,
  selectPartChanged,
  selectSavingPart,
  selectTagIds,
} from './notebook.selectors';
import { FieldFrame } from '../../ui/form/field-frame';
import { NotebookCtx } from './notebook-context';
import { TitledCard } from '../../ui/shared/titled-card';

const selectTagsChanged = selectPartChanged('tags');

function TagChoices({ label, tags }: { label: string; tags: Tag[] }) {
  const actor = NotebookCtx.useActorRef();
  const chosen = NotebookCtx.useSelector(selectTagIds);
  const mayEdit = NotebookCtx.useSelector(selectMayEdit);
  const busy = NotebookCtx.useSelector(selectBusy);
  return (
    <Flex direction="column" gap="1" role="group" aria-label={label}>
      <Text size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="3" wrap="wrap">
        {tags.length === 0 && (
          <Text size="1" color="gray">
            No tags in this group yet.
          </Text>
        )}
        {tags.map((t) => (
          <Text as="label" size="2" key={t.id}>
            <Flex gap="1" align="center">
              <Checkbox
                checked={chosen.includes(t.id)}
                disabled={!mayEdit || busy}
                onCheckedChange={() => actor.send({ type: 'tag.toggle', id: t.id })}
              />
              <span
                aria-hidden
                style={{ width: 10, height: 10, borderRadius: 5, background: t.color, display: 'inline-block' }}
              />
              {t.name}
            </Flex>
          </Text>
        ))}
      </Flex>
    </Flex>
  );
}

export function TagsSection() {
  const actor = NotebookCtx.useActorRef();
  const groups = NotebookCtx.useSelector(selectGroups);
  const mayEdit = NotebookCtx.useSelector(selectMayEdit);
  const mayCreateGroup = NotebookCtx.useSelector(selectMayCreateGroup);
  const changed = NotebookCtx.useSelector(selectTagsChanged);
  const busy = NotebookCtx.useSelector(selectBusy);
  const saving = NotebookCtx.useSelector(selectSavingPart) === 'tags';
  const error = NotebookCtx.useSelector(selectFieldErrors)['tag_ids'] || undefined;
  return (
    <TitledCard
      label="Notebook tags"
      title="Notebook tags"
      aside={
        mayCreateGroup && (
          <Button variant="soft" disabled={busy} onClick={() => actor.send({ type: 'group.open' })}>
            New tag group
          </Button>
        )
      }
    >
      <FieldFrame label="Tags the notebook offers" error={error}>
        <Flex direction="column" gap="3">
          {groups.groups.map((g) => (
            <TagChoices key={g.group.id} label={g.group.name} tags={g.tags} />
          ))}
          {groups.ungrouped.length > 0 && <TagChoices label="Other tags" tags={groups.ungrouped} />}
        </Flex>
      </FieldFrame>
      {mayEdit && (
        <Flex justify="end">
          <Button disabled={!changed || busy} onClick={() => actor.send({ type: 'save', part: 'tags' })}>
            {saving ? 'Saving…' : 'Save tags'}
          </Button>
        </Flex>
      )}
    </TitledCard>
  );
}
