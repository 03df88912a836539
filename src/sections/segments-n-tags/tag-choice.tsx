// The tags to apply, chosen with the tag selector's machine (a child of the segment editor's that
// keeps the choice without saving it): the chosen tags as labels, a box to add known tags by name,
// and "Create tag '…'" for a name no tag has, for those who may create tags.
import { Button, Flex, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { tagSelectorMachine } from '../tags/tag-selector.machine';
import { selectCreatableName, selectGroups, selectLoadFailed, selectLoading } from '../tags/tag-selector.selectors';
import { CreateTagDialog } from '../tags/create-tag-dialog';
import { TagAdder } from '../tags/tag-adder';
import { ChosenTags } from '../tags/chosen-tags';

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
  const groups = useSelector(picker, selectGroups);
  const creatable = useSelector(picker, (s) => (mayCreate ? selectCreatableName(s) : null));
  const creation = useSelector(picker, (s) => s.children.tagCreation);
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
      <ChosenTags actor={picker} removable={!disabled} empty="No tags chosen" />
      {!disabled && <TagAdder actor={picker} creatable={creatable} noneLeft="No other tag has that name." />}
      {creation && <CreateTagDialog actor={creation} groups={groups} />}
    </Flex>
  );
}
