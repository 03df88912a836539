// The end of a form on a page (not in a dialog): the server's refusal of the whole request, then
// the submit button, which says "Saving…" while it saves, and the button that leaves the changes
// (Cancel, or Discard changes where the form stays).
import { Button, Flex, Text } from '@radix-ui/themes';
import { CancelButton } from '../shared/cancel-button';

export function FormActions({
  error,
  saving,
  submitLabel = 'Save',
  submitDisabled,
  leaveLabel = 'Cancel',
  leaveDisabled,
  onLeave,
}: {
  /** The refusal of the whole request (the server's `_` field), if any. */
  error?: string | undefined;
  saving: boolean;
  submitLabel?: string;
  submitDisabled: boolean;
  leaveLabel?: string;
  leaveDisabled: boolean;
  onLeave: () => void;
}) {
  return (
    <>
      {error && (
        <Text as="p" size="1" color="red">
          {error}
        </Text>
      )}
      <Flex gap="3">
        <Button type="submit" disabled={submitDisabled}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
        <CancelButton disabled={leaveDisabled} onClick={onLeave}>
          {leaveLabel}
        </CancelButton>
      </Flex>
    </>
  );
}

/**
 * The end of a form that stays on its page after a save (a configuration, a set of flags): Save,
 * and Discard changes back to what is stored; both wait while it is busy and while there is
 * nothing to save (no change, no one else's save to replace).
 */
export function StayingFormActions({
  error,
  saving,
  busy,
  actionable,
  onDiscard,
}: {
  error?: string | undefined;
  saving: boolean;
  busy: boolean;
  actionable: boolean;
  onDiscard: () => void;
}) {
  return (
    <FormActions
      error={error}
      saving={saving}
      submitDisabled={busy || !actionable}
      leaveLabel="Discard changes"
      leaveDisabled={busy || !actionable}
      onLeave={onDiscard}
    />
  );
}
