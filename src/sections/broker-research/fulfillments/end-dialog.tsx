// Ending an active fulfillment: the dialog names whose access to which broker ends, asks why,
// and says what went wrong if it could not be sent.
import { Button, Callout, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { REASON_MAX } from '../../../domain/broker-research';
import { selectDialogOpen, selectEndSending, selectEnding, selectReasonProblem } from './fulfillments.selectors';
import { FulfillmentsCtx } from './fulfillments-context';
import { CancelButton } from '../../../ui/shared/cancel-button';

export function EndFulfillmentDialog() {
  const open = FulfillmentsCtx.useSelector(selectDialogOpen);
  const ending = FulfillmentsCtx.useSelector(selectEnding);
  const sending = FulfillmentsCtx.useSelector(selectEndSending);
  const problem = FulfillmentsCtx.useSelector(selectReasonProblem);
  const actor = FulfillmentsCtx.useActorRef();
  if (!ending) return null;
  const { row } = ending;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o && !sending) actor.send({ type: 'end.cancel' });
      }}
    >
      <Dialog.Content maxWidth="480px" aria-describedby={undefined}>
        <Dialog.Title>End this fulfillment?</Dialog.Title>
        <Text as="p" size="2" mb="3">
          {row.user_name} ({row.user_email}) will no longer read {row.broker}’s research.
        </Text>
        <form
          aria-label="End fulfillment"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'end.confirm' });
          }}
        >
          <Flex direction="column" gap="2">
            <Text as="label" size="2" weight="medium" htmlFor="end-reason">
              Reason
            </Text>
            <TextArea
              id="end-reason"
              value={ending.reason}
              maxLength={REASON_MAX}
              disabled={sending}
              onChange={(e) => actor.send({ type: 'reason.type', text: e.currentTarget.value })}
            />
            {ending.error ? (
              <Callout.Root role="alert" color="red">
                <Callout.Text>Not ended. {ending.error}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Flex gap="3" justify="end" mt="2">
              <CancelButton disabled={sending} onClick={() => actor.send({ type: 'end.cancel' })} />
              <Button type="submit" color="red" disabled={sending || problem !== null}>
                {sending ? 'Ending…' : 'End fulfillment'}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
