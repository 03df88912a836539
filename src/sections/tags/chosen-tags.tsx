// The tags chosen so far, as labels in a list, each with × to take it off where the person may.
import { Flex, IconButton, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { tagSelectorMachine } from './tag-selector.machine';
import { groupName, selectChosenTags, selectGroups } from './tag-selector.selectors';
import { TagLabel } from './tag-label';

export function ChosenTags({
  actor,
  removable,
  empty,
}: {
  actor: ActorRefFrom<typeof tagSelectorMachine>;
  removable: boolean;
  /** What the list says with no tag chosen. */
  empty: string;
}) {
  const chosen = useSelector(actor, selectChosenTags);
  const groups = useSelector(actor, selectGroups);
  // No list at all when nothing is chosen: an empty list is announced as a list of nothing.
  if (chosen.length === 0)
    return (
      <Text as="p" size="2" color="gray">
        {empty}
      </Text>
    );
  return (
    <Flex gap="2" wrap="wrap" align="center" role="list" aria-label="Chosen tags">
      {chosen.map((tag) => (
        <span role="listitem" key={tag.id}>
          <TagLabel tag={tag} group={groupName(groups, tag)}>
            {removable && (
              <IconButton
                size="1"
                variant="ghost"
                aria-label={`Remove tag ${tag.name}`}
                style={{ color: 'inherit' }}
                onClick={() => actor.send({ type: 'tags.remove', tagId: tag.id })}
              >
                ×
              </IconButton>
            )}
          </TagLabel>
        </span>
      ))}
    </Flex>
  );
}
