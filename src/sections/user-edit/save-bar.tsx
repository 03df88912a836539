// What the form says about itself: unsaved changes, Save (offered only for a valid change),
// Discard, the welcome email, and the outcome of the last call.
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { fieldLabel } from './user-edit.form';
import {
  selectCanReset,
  selectCanRetry,
  selectCanSave,
  selectChanged,
  selectError,
  selectFailed,
  selectFieldErrors,
  selectMayEdit,
  selectNotice,
  selectProduct,
  selectReplaced,
  selectSaving,
  selectSendingWelcome,
} from './user-edit.selectors';
import { useFormOpen } from './form-fields';
import { UserEditCtx } from './user-edit-context';
import { NoticeCallout } from '../../ui/shared/notice-callout';

export function SaveBar() {
  const edit = UserEditCtx.useActorRef();
  const product = UserEditCtx.useSelector(selectProduct);
  const mayEdit = UserEditCtx.useSelector(selectMayEdit);
  const changed = UserEditCtx.useSelector(selectChanged, (a, b) => a.join() === b.join());
  const invalid = UserEditCtx.useSelector((s) => Object.keys(selectFieldErrors(s)).length > 0);
  const canSave = UserEditCtx.useSelector(selectCanSave);
  const canReset = UserEditCtx.useSelector(selectCanReset);
  const canRetry = UserEditCtx.useSelector(selectCanRetry);
  const saving = UserEditCtx.useSelector(selectSaving);
  const sending = UserEditCtx.useSelector(selectSendingWelcome);
  const failed = UserEditCtx.useSelector(selectFailed);
  const error = UserEditCtx.useSelector(selectError);
  const notice = UserEditCtx.useSelector(selectNotice);
  const replaced = UserEditCtx.useSelector(selectReplaced);
  const open = useFormOpen();
  if (!mayEdit) return null;
  const summary =
    changed.length === 0
      ? 'No unsaved changes.'
      : `Unsaved changes: ${changed.map((k) => fieldLabel(product, k)).join(', ')}.`;
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Text size="2" color="gray" role="status" aria-label="Unsaved changes">
          {summary}
          {invalid && changed.length > 0 ? ' Fix the fields marked in red to save.' : ''}
        </Text>
        <Flex gap="2">
          <Button
            variant="soft"
            color="gray"
            disabled={!open || sending}
            loading={sending}
            onClick={() => edit.send({ type: 'welcome.send' })}
          >
            Send welcome email
          </Button>
          <Button variant="soft" color="gray" disabled={!canReset} onClick={() => edit.send({ type: 'edit.reset' })}>
            Discard changes
          </Button>
          <Button disabled={!canSave} loading={saving} onClick={() => edit.send({ type: 'edit.save' })}>
            Save
          </Button>
        </Flex>
      </Flex>
      <NoticeCallout notice={notice} label="Outcome" alertOnError />
      {error && !failed && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {failed && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>The save did not reach the server: {error}. Your changes are kept.</Callout.Text>
          <Flex>
            <Button size="1" variant="soft" disabled={!canRetry} onClick={() => edit.send({ type: 'edit.retry' })}>
              Retry
            </Button>
          </Flex>
        </Callout.Root>
      )}
      {replaced.length > 0 && (
        <Callout.Root color="red" role="alert" aria-label="Replaced edits">
          <Callout.Text>
            Someone else had changed these fields too, so the stored values stay. Your values were:{' '}
            {replaced.map((r) => `${r.label}: ${r.yours}`).join('; ')}.
          </Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  );
}
