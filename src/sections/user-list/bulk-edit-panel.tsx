// What the bulk edit dialog shows in each step; the machine decides, this draws.
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { BulkSelection } from '../../domain/users';
import {
  selectAlert,
  selectApplying,
  selectCheckingOutcome,
  selectChoosing,
  selectDone,
  selectFailed,
  selectOutcomeLost,
  selectPreviewing,
  selectSelectedCount,
  selectSelection,
  selectShowsPreview,
  selectUpload,
  selectUploading,
} from './bulk-edit.selectors';
import { BulkEditCtx } from './bulk-edit-context';
import { BulkFieldsForm } from './bulk-fields-form';
import { BulkPreview } from './bulk-preview';
import { BulkReport } from './bulk-report';
import { BulkUpload } from './bulk-upload';
import { countText } from '../../domain/format';

const plural = (n: number, one: string, many: string) => `${countText(n)} ${n === 1 ? one : many}`;

/** Which users the edit is for, in words. */
export function selectionText(selection: BulkSelection, count: number, fileName: string | null): string {
  switch (selection.by) {
    case 'ids':
      return plural(count, 'selected user', 'selected users');
    case 'filter':
      return `All ${plural(count, 'user', 'users')} matching the list's filters`;
    case 'identifiers':
      return fileName
        ? `${plural(count, 'user', 'users')} matched by ${fileName}`
        : `${plural(count, 'user', 'users')} matched by their identifiers`;
  }
}

export function BulkEditPanel({ onClose }: { onClose(): void }) {
  const bulk = BulkEditCtx.useActorRef();
  const choosing = BulkEditCtx.useSelector(selectChoosing);
  const uploading = BulkEditCtx.useSelector(selectUploading);
  const previewing = BulkEditCtx.useSelector(selectPreviewing);
  const showsPreview = BulkEditCtx.useSelector(selectShowsPreview);
  const applying = BulkEditCtx.useSelector(selectApplying);
  const done = BulkEditCtx.useSelector(selectDone);
  const failed = BulkEditCtx.useSelector(selectFailed);
  const checking = BulkEditCtx.useSelector(selectCheckingOutcome);
  const lost = BulkEditCtx.useSelector(selectOutcomeLost);
  const alert = BulkEditCtx.useSelector(selectAlert);
  const selection = BulkEditCtx.useSelector(selectSelection);
  const count = BulkEditCtx.useSelector(selectSelectedCount);
  const upload = BulkEditCtx.useSelector(selectUpload);

  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" color="gray" aria-label="Users to edit">
        {selectionText(selection, count, selection.by === 'identifiers' ? (upload?.fileName ?? null) : null)}
      </Text>
      <BulkUpload />
      {alert && !failed && !lost && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{alert}</Callout.Text>
        </Callout.Root>
      )}
      {(choosing || uploading || previewing) && <BulkFieldsForm onCancel={onClose} />}
      {(showsPreview || applying) && <BulkPreview />}
      {failed && (
        <Flex direction="column" gap="3">
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>The edit was not applied: {alert}</Callout.Text>
          </Callout.Root>
          <Flex justify="end" gap="3">
            <Button variant="soft" color="gray" onClick={() => bulk.send({ type: 'bulk.back' })}>
              Back
            </Button>
            <Button onClick={() => bulk.send({ type: 'bulk.retry' })}>Retry</Button>
          </Flex>
        </Flex>
      )}
      {checking && (
        <Callout.Root color="gray" role="status" size="1">
          <Callout.Text>Asking the server whether your bulk edit was applied…</Callout.Text>
        </Callout.Root>
      )}
      {lost && (
        <Flex direction="column" gap="3">
          <Callout.Root color="orange" role="alert" size="1">
            <Callout.Text>
              Whether your bulk edit was applied is not known yet: {alert} It will not be applied twice; check again
              when the server can be reached.
            </Callout.Text>
          </Callout.Root>
          <Flex justify="end">
            <Button onClick={() => bulk.send({ type: 'outcome.check' })}>Check again</Button>
          </Flex>
        </Flex>
      )}
      {done && <BulkReport onClose={onClose} />}
    </Flex>
  );
}
