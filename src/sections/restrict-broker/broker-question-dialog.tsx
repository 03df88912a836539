// The question before brokers leave My Brokers (Remove Open Access Brokers, Replace with Requested
// Brokers, Delete from My Brokers): Cancel changes nothing, the action runs as asked.
import { shallowEqual } from '@xstate/react';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { BrokerActionsCtx } from './restrict-broker-context';
import { selectQuestion } from './restrict-broker.selectors';

export function BrokerQuestionDialog() {
  const actor = BrokerActionsCtx.useActorRef();
  const question = BrokerActionsCtx.useSelector(selectQuestion, shallowEqual);
  return (
    <ConfirmDialog
      open={question !== null}
      title={question?.title ?? ''}
      action={question?.action ?? ''}
      onConfirm={() => actor.send({ type: 'action.confirm' })}
      onCancel={() => actor.send({ type: 'action.cancel' })}
    >
      {question?.description}
    </ConfirmDialog>
  );
}
