// The tag selector of the user screen (spec §2, §4, §5): the user's tags as coloured labels, a
// box to add known tags by name, "Create tag '…'" for a name no tag has (the Create Tag dialog),
// and each change saved at once (auto-submit), with its saving/saved/failed status.
import { Box, Button, Callout, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { previewText, type Tag } from '../../domain/tags';
import { liveTagSelectorMachine } from './tag-selector.live';
import {
  groupName,
  selectChosenTags,
  selectCreatableName,
  selectError,
  selectGroups,
  selectLoadFailed,
  selectLoading,
  selectMatches,
  selectQuery,
  selectReady,
  selectSaveStatus,
} from './tag-selector.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole, useInspect } from '../../ui/console-context';
import { CreateTagDialog } from './create-tag-dialog';
import { TagLabel } from './tag-label';
import { TagSelectorCtx } from './tag-selector-context';
import type { ActorRefFrom } from 'xstate';
import type { tagSelectorMachine } from './tag-selector.machine';
import { permissionName } from '../../domain/feature-labels';

export interface TagSelectorProps {
  userId: number;
  /** Shows the tags without letting them change (e.g. the user screen is read-only). */
  disabled?: boolean;
}

export function TagSelector({ userId, disabled = false }: TagSelectorProps) {
  return (
    <TagSelectorScope userId={userId}>
      <TagSelectorView disabled={disabled} />
    </TagSelectorScope>
  );
}

/** The selector's machine for one user; a new user gets a new one. */
export function TagSelectorScope({ userId, children }: { userId: number; children: ReactNode }) {
  return (
    <TagSelectorCtx.Provider
      key={userId}
      logic={liveTagSelectorMachine}
      options={{ input: { userId }, inspect: useInspect() }}
    >
      {children}
    </TagSelectorCtx.Provider>
  );
}

const SAVE_STATUS_TEXT = { saving: 'Saving…', saved: 'Saved' } as const;

export function TagSelectorView({ disabled = false }: { disabled?: boolean }) {
  return <TagSelectorPanel actor={TagSelectorCtx.useActorRef()} disabled={disabled} />;
}

export interface TagSelectorPanelProps {
  actor: ActorRefFrom<typeof tagSelectorMachine>;
  disabled?: boolean;
  /** Choosing tags for another workflow (bulk upload): nothing is saved, so no save status shows. */
  choosing?: boolean;
}

/** The selector for any running tagSelector actor: the user screen's, or one a workflow invoked. */
export function TagSelectorPanel({ actor: selector, disabled = false, choosing = false }: TagSelectorPanelProps) {
  const { session } = useConsole();
  // Assigning and creating tags need the `tags` feature (spec §6); without it the tags only show.
  const mayTag = useSelector(session, (s) => selectFeatures(s).includes('tags'));
  const editable = mayTag && !disabled;
  const loading = useSelector(selector, selectLoading);
  const loadFailed = useSelector(selector, selectLoadFailed);
  const ready = useSelector(selector, selectReady);
  const error = useSelector(selector, selectError);
  const chosen = useSelector(selector, selectChosenTags);
  const groups = useSelector(selector, selectGroups);
  const groupOf = (tag: Tag) => groupName(groups, tag);
  const query = useSelector(selector, selectQuery);
  const matches = useSelector(selector, selectMatches);
  const creatable = useSelector(selector, selectCreatableName);
  const status = useSelector(selector, selectSaveStatus);
  const creation = useSelector(selector, (s) => s.children.tagCreation);

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const exact =
        matches.find((t) => t.name.toLowerCase() === query.trim().toLowerCase()) ??
        (creatable ? undefined : matches[0]);
      if (exact) selector.send({ type: 'tags.add', tagId: exact.id });
      else if (creatable) selector.send({ type: 'tags.create' });
    } else if (e.key === 'Escape' && query) {
      e.preventDefault();
      selector.send({ type: 'tags.query', text: '' });
    }
  };

  return (
    <Box role="group" aria-label="Tags">
      <Text as="div" size="2" weight="medium" mb="1">
        Tags
      </Text>
      {loading && (
        <Text size="2" color="gray" role="status">
          Loading tags…
        </Text>
      )}
      {loadFailed && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>Could not load the tags. {error}</Callout.Text>
          <Box>
            <Button size="1" variant="soft" onClick={() => selector.send({ type: 'list.retry' })}>
              Try again
            </Button>
          </Box>
        </Callout.Root>
      )}
      {ready && (
        <Flex direction="column" gap="2">
          <Flex gap="2" wrap="wrap" align="center" role="list" aria-label="Chosen tags">
            {chosen.length === 0 && (
              <Text size="2" color="gray">
                No tags
              </Text>
            )}
            {chosen.map((tag) => (
              <span role="listitem" key={tag.id}>
                <TagLabel tag={tag} group={groupOf(tag)}>
                  {editable && (
                    <IconButton
                      size="1"
                      variant="ghost"
                      aria-label={`Remove tag ${tag.name}`}
                      style={{ color: 'inherit' }}
                      onClick={() => selector.send({ type: 'tags.remove', tagId: tag.id })}
                    >
                      ×
                    </IconButton>
                  )}
                </TagLabel>
              </span>
            ))}
          </Flex>
          {editable && (
            <Box style={{ maxWidth: 420 }}>
              <TextField.Root
                aria-label="Add a tag"
                placeholder="Type a tag name"
                value={query}
                maxLength={100}
                onChange={(e) => selector.send({ type: 'tags.query', text: e.target.value })}
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
                      onClick={() => selector.send({ type: 'tags.add', tagId: tag.id })}
                    >
                      <TagLabel tag={tag} group={groupOf(tag)} />
                      {tag.description && (
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
                      onClick={() => selector.send({ type: 'tags.create' })}
                    >
                      Create tag '{creatable}'
                    </Button>
                  )}
                  {matches.length === 0 && !creatable && (
                    <Text size="1" color="gray">
                      Every tag of that name is chosen.
                    </Text>
                  )}
                </Flex>
              )}
            </Box>
          )}
          {!mayTag && (
            <Text size="1" color="gray">
              Changing tags needs the {permissionName('tags')} permission.
            </Text>
          )}
          {!choosing && status && status !== 'failed' && (
            <Text size="1" color="gray" role="status">
              {SAVE_STATUS_TEXT[status]}
            </Text>
          )}
          {status === 'failed' && (
            <Callout.Root color="red" role="alert" size="1">
              <Callout.Text>{error}</Callout.Text>
              <Box>
                <Button size="1" variant="soft" onClick={() => selector.send({ type: 'tags.retry' })}>
                  Retry
                </Button>
              </Box>
            </Callout.Root>
          )}
        </Flex>
      )}
      {creation && <CreateTagDialog actor={creation} groups={groups} choosing={choosing} />}
    </Box>
  );
}
