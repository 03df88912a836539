// Tags for every member of a segment: choose tags, then Reset Tags (each member's tags become
// these) or Add Tags; a confirmation names how many members the segment has now, and the answer
// says how many were changed.
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { memberWords, type Segment } from '../../domain/segments';
import {
  selectApplied,
  selectApply,
  selectError,
  selectTagging,
  selectTaggingStep,
  selectTagPicker,
  selectTarget,
} from './segments.selectors';
import { selectChosenTags } from '../tags/tag-selector.selectors';
import { SegmentsCtx } from './segments-context';
import { TagChoice } from './tag-choice';
import { countText } from '../../domain/format';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

const plural = (n: number, one: string, many = `${one}s`) => `${countText(n)} ${n === 1 ? one : many}`;

/** What Confirm will do, in words: the tags, the members now, the segment. */
export function confirmWords(apply: { mode: 'overwrite' | 'add'; tagIds: number[] }, target: Segment): string {
  const members = `${memberWords(target)} ${target.member_count === 1 && !target.member_count_capped ? 'member' : 'members'} of '${target.name}'`;
  if (apply.mode === 'add') return `Add ${plural(apply.tagIds.length, 'tag')} to ${members}?`;
  if (apply.tagIds.length === 0) return `Remove every tag from ${members}?`;
  return `Replace the tags of ${members} with the ${plural(apply.tagIds.length, 'chosen tag')}?`;
}

export function SegmentTagsDialog({ mayCreateTags }: { mayCreateTags: boolean }) {
  const editor = SegmentsCtx.useActorRef();
  const open = SegmentsCtx.useSelector(selectTagging);
  const step = SegmentsCtx.useSelector(selectTaggingStep);
  const target = SegmentsCtx.useSelector(selectTarget);
  const picker = SegmentsCtx.useSelector(selectTagPicker);
  const apply = SegmentsCtx.useSelector(selectApply);
  const applied = SegmentsCtx.useSelector(selectApplied);
  const error = SegmentsCtx.useSelector(selectError);
  const { onCloseAutoFocus } = useDialogFocus(open && !!target && !!picker);
  if (!open || !target || !picker) return null;
  const busy = step === 'counting' || step === 'applying';
  const close = () => editor.send({ type: 'tagging.close' });
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && close()}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>Tags for the members of '{target.name}'</Dialog.Title>
        <Flex direction="column" gap="3">
          {(step === 'choosing' || step === 'counting') && (
            <>
              <Text as="p" size="2" color="gray">
                Reset Tags gives every member exactly these tags; Add Tags adds them to the tags members have.
              </Text>
              <TagChoice picker={picker} mayCreate={mayCreateTags} disabled={busy} />
              {error && (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{error}</Callout.Text>
                </Callout.Root>
              )}
              {step === 'counting' && (
                <Text size="2" color="gray" role="status">
                  Counting the members…
                </Text>
              )}
              <ChooseButtons disabled={busy} />
            </>
          )}
          {(step === 'confirming' || step === 'applying') && apply && (
            <>
              <Callout.Root color="amber" role="status" aria-label="Confirm tags">
                <Callout.Text>
                  {confirmWords(apply, target)} Members are counted now; the change reaches those the segment finds as
                  it runs.
                </Callout.Text>
              </Callout.Root>
              {error && (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{error}</Callout.Text>
                </Callout.Root>
              )}
              <Flex gap="3" justify="end">
                <Button
                  variant="soft"
                  color="gray"
                  disabled={step === 'applying'}
                  onClick={() => editor.send({ type: 'tags.back' })}
                >
                  Back
                </Button>
                <Button
                  color={apply.mode === 'overwrite' ? 'red' : undefined}
                  loading={step === 'applying'}
                  onClick={() => editor.send({ type: 'tags.confirm' })}
                >
                  {apply.mode === 'add' ? 'Add Tags' : 'Reset Tags'}
                </Button>
              </Flex>
            </>
          )}
          {step === 'applied' && applied && (
            <>
              <Callout.Root color={applied.status ? 'blue' : 'gray'} role="status" aria-label="Tags applied">
                <Callout.Text>
                  {applied.members === 0
                    ? 'The segment has no members now: no tags were changed.'
                    : `${apply?.mode === 'add' ? 'Tags added to' : 'Tags reset for'} ${plural(applied.members, 'member')}; ${plural(applied.changed, 'user')} changed.`}
                </Callout.Text>
              </Callout.Root>
              <Flex justify="end">
                <Button onClick={close}>Close</Button>
              </Flex>
            </>
          )}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ChooseButtons({ disabled }: { disabled: boolean }) {
  const editor = SegmentsCtx.useActorRef();
  const picker = SegmentsCtx.useSelector(selectTagPicker)!;
  const chosen = useSelector(picker, selectChosenTags);
  const tagIds = chosen.map((t) => t.id);
  return (
    <Flex gap="3" justify="end">
      <Button variant="soft" color="gray" disabled={disabled} onClick={() => editor.send({ type: 'tagging.close' })}>
        Cancel
      </Button>
      <Button
        variant="soft"
        color="red"
        disabled={disabled}
        onClick={() => editor.send({ type: 'tags.apply', mode: 'overwrite', tagIds })}
      >
        Reset Tags
      </Button>
      <Button
        disabled={disabled || tagIds.length === 0}
        onClick={() => editor.send({ type: 'tags.apply', mode: 'add', tagIds })}
      >
        Add Tags
      </Button>
    </Flex>
  );
}
