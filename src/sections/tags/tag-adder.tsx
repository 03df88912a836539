// Adding tags by name, for every view of the tag selector: a box that lists the known tags whose
// name matches, "Create tag '…'" for a name no tag has (where the person may create tags), Enter
// to take the exact match (or the first, or the new name) and Escape to clear the box. Focused
// while empty it lists the tags to browse, so nobody has to guess a name first.
import { Box, Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { previewText, type Tag } from '../../domain/tags';
import type { tagSelectorMachine } from './tag-selector.machine';
import { groupName, selectGroups, selectMatches, selectQuery } from './tag-selector.selectors';
import { TagLabel } from './tag-label';

export function TagAdder({
  actor,
  creatable,
  described = false,
  noneLeft,
  maxWidth,
}: {
  actor: ActorRefFrom<typeof tagSelectorMachine>;
  /** The name a new tag would take, or null where none may be created. */
  creatable: string | null;
  /** Show each match's description under its name. */
  described?: boolean;
  /** What the list says when no other tag has the name typed. */
  noneLeft: string;
  maxWidth?: number;
}) {
  const query = useSelector(actor, selectQuery);
  const matches = useSelector(actor, selectMatches);
  const groups = useSelector(actor, selectGroups);
  const total = useSelector(actor, (s) => s.context.tags.length - s.context.chosen.length);
  const groupOf = (tag: Tag) => groupName(groups, tag);
  const [browsing, setBrowsing] = useState(false);
  const typed = query.trim() !== '';
  // The list stays open while focus moves into it (a click on a tag).
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setBrowsing(false);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const exact =
        matches.find((t) => t.name.toLowerCase() === query.trim().toLowerCase()) ??
        (creatable ? undefined : matches[0]);
      if (exact) actor.send({ type: 'tags.add', tagId: exact.id });
      else if (creatable) actor.send({ type: 'tags.create' });
    } else if (e.key === 'Escape' && (query || browsing)) {
      e.preventDefault();
      actor.send({ type: 'tags.query', text: '' });
      setBrowsing(false);
    } else if (e.key === 'ArrowDown') setBrowsing(true);
  };
  return (
    <Box style={maxWidth === undefined ? undefined : { maxWidth }} onBlur={onBlur}>
      <TextField.Root
        aria-label="Add a tag"
        placeholder="Type a tag name"
        value={query}
        maxLength={100}
        onChange={(e) => actor.send({ type: 'tags.query', text: e.target.value })}
        onKeyDown={onKey}
        onFocus={() => setBrowsing(true)}
      />
      {(typed || browsing) && (
        <Flex
          direction="column"
          mt="1"
          p="1"
          gap="1"
          role="group"
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
              onClick={() => actor.send({ type: 'tags.add', tagId: tag.id })}
            >
              <TagLabel tag={tag} group={groupOf(tag)} />
              {described && tag.description && (
                <Text size="1" color="gray">
                  {previewText(tag.description, false)}
                </Text>
              )}
            </Button>
          ))}
          {creatable && (
            <Button
              variant="ghost"
              style={{ justifyContent: 'flex-start' }}
              onClick={() => actor.send({ type: 'tags.create' })}
            >
              Create tag '{creatable}'
            </Button>
          )}
          {matches.length === 0 && !creatable && (
            <Text size="1" color="gray">
              {typed ? noneLeft : 'Every tag is chosen already.'}
            </Text>
          )}
          {!typed && total > matches.length && (
            <Text size="1" color="gray">
              Type to find among all {total} tags.
            </Text>
          )}
        </Flex>
      )}
    </Box>
  );
}
