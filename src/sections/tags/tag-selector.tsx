// The tag selector of the user screen (spec §2, §4, §5): the user's tags as coloured labels, a
// box to add known tags by name, "Create tag '…'" for a name no tag has (the Create Tag dialog),
// and each change saved at once (auto-submit), with its saving/saved/failed status.
import { Box, Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { liveTagSelectorMachine } from './tag-selector.live';
import {
  selectCreatableName,
  selectError,
  selectGroups,
  selectLoadFailed,
  selectLoading,
  selectReady,
  selectSaveStatus,
} from './tag-selector.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole, useInspect } from '../../ui/console-context';
import { CreateTagDialog } from './create-tag-dialog';
import { TagSelectorCtx } from './tag-selector-context';
import type { ActorRefFrom } from 'xstate';
import type { tagSelectorMachine } from './tag-selector.machine';
import { permissionName } from '../../domain/feature-labels';
import { TagAdder } from './tag-adder';
import { ChosenTags } from './chosen-tags';

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
  const groups = useSelector(selector, selectGroups);
  const creatable = useSelector(selector, selectCreatableName);
  const status = useSelector(selector, selectSaveStatus);
  const creation = useSelector(selector, (s) => s.children.tagCreation);

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
          <ChosenTags actor={selector} removable={editable} empty="No tags" />
          {editable && (
            <TagAdder
              actor={selector}
              creatable={creatable}
              described
              noneLeft="Every tag of that name is chosen."
              maxWidth={420}
            />
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
