// Ending an active fulfillment: the dialog names whose access to which broker ends, asks why,
// and says what went wrong if it could not be sent.
import { REASON_MAX } from '../../../domain/broker-research';
import { selectDialogOpen, selectEndSending, selectEnding, selectReasonProblem } from './fulfillments.selectors';
import { FulfillmentsCtx } from './fulfillments-context';
import { FormDialog } from '../../../ui/shared/form-dialog';
import { ReasonField } from '../../../ui/form/reason-field';

export function EndFulfillmentDialog() {
  const open = FulfillmentsCtx.useSelector(selectDialogOpen);
  const ending = FulfillmentsCtx.useSelector(selectEnding);
  const sending = FulfillmentsCtx.useSelector(selectEndSending);
  const problem = FulfillmentsCtx.useSelector(selectReasonProblem);
  const actor = FulfillmentsCtx.useActorRef();
  if (!ending) return null;
  const { row } = ending;
  return (
    <FormDialog
      open={open}
      title="End this fulfillment?"
      description={`${row.user_name} (${row.user_email}) will no longer read ${row.broker}’s research.`}
      formLabel="End fulfillment"
      error={ending.error ? `Not ended. ${ending.error}` : null}
      saving={sending}
      ready={problem === null}
      submitLabel="End fulfillment"
      savingLabel="Ending…"
      submitColor="red"
      onSubmit={() => actor.send({ type: 'end.confirm' })}
      onCancel={() => actor.send({ type: 'end.cancel' })}
    >
      <ReasonField
        id="end-reason"
        value={ending.reason}
        maxLength={REASON_MAX}
        disabled={sending}
        onChange={(text) => actor.send({ type: 'reason.type', text })}
      />
    </FormDialog>
  );
}
