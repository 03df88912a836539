// The tags to apply, chosen with the tag selector's machine (a child of the segment editor's that
// keeps the choice without saving it): the chosen tags as labels, a box to add known tags by name,
// and "Create tag '…'" for a name no tag has, for those who may create tags.
import { Box, Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type Tag } from '../../domain/tags';
import type { tagSelectorMachine } from '../tags/tag-selector.machine';
import {
  groupName,
  selectChosenTags,
  selectCreatableName,
  selectGroups,
  selectLoadFailed,
  selectLoading,
  selectMatches,
  selectQuery,
} from '../tags/tag-selector.selectors';
import { CreateTagDialog } from '../tags/create-tag-dialog';
import { TagLabel } from '../tags/tag-label';

export function TagChoice({
  picker,
  mayCreate,
  disabled,
}: {
  picker: ActorRefFrom<typeof tagSelectorMachine>;
  mayCreate: boolean;
  disabled: boolean;
}) {
  const loading = useSelector(picker, selectLoading);
  const loadFailed = useSelector(picker, selectLoadFailed);
  const chosen = useSelector(picker, selectChosenTags);
  const groups = useSelector(picker, selectGroups);
  const query = useSelector(picker, selectQuery);
  const matches = useSelector(picker, selectMatches);
  const creatable = useSelector(picker, (s) => (mayCreate ? selectCreatableName(s) : null));
  const creation = useSelector(picker, (s) => s.children.tagCreation);
  const groupOf = (tag: Tag) => groupName(groups, tag);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const exact =
      matches.find((t) => t.name.toLowerCase() === query.trim().toLowerCase()) ?? (creatable ? undefined : matches[0]);
    if (exact) picker.send({ type: 'tags.add', tagId: exact.id });
    else if (creatable) picker.send({ type: 'tags.create' });
  };
  if (loading)
    return (
      <Text size="2" color="gray" role="status">
        Loading tags…
      </Text>
    );
  if (loadFailed) {
    return (
      <Flex gap="2" align="center" role="alert">
        <Text size="2" color="red">
          Could not load the tags.
        </Text>
        <Button size="1" variant="soft" onClick={() => picker.send({ type: 'list.retry' })}>
          Try again
        </Button>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Tags to apply">
      <Flex gap="2" wrap="wrap" align="center" role="list" aria-label="Chosen tags">
        {chosen.length === 0 && (
          <Text size="2" color="gray">
            No tags chosen
          </Text>
        )}
        {chosen.map((tag) => (
          <span role="listitem" key={tag.id}>
            <TagLabel tag={tag} group={groupOf(tag)}>
              {!disabled && (
                <IconButton
                  size="1"
                  variant="ghost"
                  aria-label={`Remove tag ${tag.name}`}
                  style={{ color: 'inherit' }}
                  onClick={() => picker.send({ type: 'tags.remove', tagId: tag.id })}
                >
                  ×
                </IconButton>
              )}
            </TagLabel>
          </span>
        ))}
      </Flex>
      {!disabled && (
        <Box>
          <TextField.Root
            aria-label="Add a tag"
            placeholder="Type a tag name"
            value={query}
            maxLength={100}
            onChange={(e) => picker.send({ type: 'tags.query', text: e.target.value })}
            onKeyDown={onKey}
          />
          {query.trim() !== '' && (
            <Flex
              direction="column"
              mt="1"
              p="1"
              gap="1"
              role="list"
              aria-label="Matching tags"
              style={{ border: '1px solid var(--gray-a6)', borderRadius: 'var(--radius-2)' }}
            >
              {matches.map((tag) => (
                <Button
                  key={tag.id}
                  variant="ghost"
                  color="gray"
                  aria-label={`Add tag ${tag.name}`}
                  style={{ justifyContent: 'flex-start' }}
                  onClick={() => picker.send({ type: 'tags.add', tagId: tag.id })}
                >
                  <TagLabel tag={tag} group={groupOf(tag)} />
                </Button>
              ))}
              {creatable && (
                <Button
                  variant="ghost"
                  style={{ justifyContent: 'flex-start' }}
                  onClick={() => picker.send({ type: 'tags.create' })}
                >
                  Create tag '{creatable}'
                </Button>
              )}
              {matches.length === 0 && !creatable && (
                <Text size="1" color="gray">
                  No other tag has that name.
                </Text>
              )}
            </Flex>
          )}
        </Box>
      )}
      {creation && <CreateTagDialog actor={creation} groups={groups} />}
    </Flex>
  );
}
