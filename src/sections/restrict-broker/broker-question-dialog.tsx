// The question before brokers leave My Brokers (Remove Open Access Brokers, Replace with Requested
// Brokers, Delete from My Brokers): Cancel changes nothing, the action runs as asked.
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { BrokerActionsCtx } from './restrict-broker-context';
import { brokerQuestion } from './broker-question';
import { selectAsking, selectEmail, selectLists, selectSelected } from './restrict-broker.selectors';

const selectMine = selectSelected('my');

export function BrokerQuestionDialog() {
  const actor = BrokerActionsCtx.useActorRef();
  const asking = BrokerActionsCtx.useSelector(selectAsking);
  const lists = BrokerActionsCtx.useSelector(selectLists);
  const mine = BrokerActionsCtx.useSelector(selectMine);
  const email = BrokerActionsCtx.useSelector(selectEmail);
  const question = asking ? brokerQuestion(asking, lists, mine, email ?? '') : null;
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
