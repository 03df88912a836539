// One request opened: who asked for which broker, its status, the actions its status allows (the
// rejection asks its reason in a dialog, the approval asks first), its history from the audit trail, and links to the
// fulfillment it gave (FulFillments, by user and broker) and to the broker (Broker Details).
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Flex,
  Heading,
  Spinner,
  Text,
} from '@radix-ui/themes';
import { ListFailed } from '../list-filters';
import {
  FULFILLMENT_STATUS_LABELS,
  REASON_MAX,
  REQUEST_ACTIONS,
  REQUEST_STATUS_LABELS,
} from '../../../domain/broker-research';
import type { HistoryEntry } from '../../../domain/broker-research-requests';
import {
  selectActing,
  selectAction,
  selectConflict,
  selectDetail,
  selectError,
  selectNotice,
  selectOfferedActions,
  selectOpenId,
  selectReason,
  selectApproving,
  selectRejecting,
  selectRequestLoadFailed,
  selectRequestLoading,
} from './requests.selectors';
import { useTabSearch } from '../tab-search';
import { RequestsCtx } from './requests-context';
import { STATUS_COLORS } from './request-words';
import { timeText } from '../../../domain/format';
import { ReasonField } from '../../../ui/form/reason-field';
import { useDialogFocus } from '../../../ui/shared/dialog-focus';
import { ConfirmDialog } from '../../../ui/shared/confirm-dialog';
import { NoticeCallout } from '../../../ui/shared/notice-callout';

/** One line of the history in words: "Sent to broker → Approved", or the action when no move is recorded. */
export function historyWords(h: HistoryEntry): string {
  const move = h.from && h.to ? `${REQUEST_STATUS_LABELS[h.from]} → ${REQUEST_STATUS_LABELS[h.to]}` : h.action;
  const extra = [
    h.bulk ? 'in a bulk action' : '',
    h.fulfillment_id !== null ? `fulfillment ${h.fulfillment_id} created` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return extra ? `${move} (${extra})` : move;
}

export function RequestPanel() {
  const actor = RequestsCtx.useActorRef();
  const id = RequestsCtx.useSelector(selectOpenId);
  const detail = RequestsCtx.useSelector(selectDetail);
  const loading = RequestsCtx.useSelector(selectRequestLoading);
  const failed = RequestsCtx.useSelector(selectRequestLoadFailed);
  const acting = RequestsCtx.useSelector(selectActing);
  const action = RequestsCtx.useSelector(selectAction);
  const offered = RequestsCtx.useSelector(selectOfferedActions);
  const notice = RequestsCtx.useSelector(selectNotice);
  const conflict = RequestsCtx.useSelector(selectConflict);
  const error = RequestsCtx.useSelector(selectError);
  const { openTab } = useTabSearch();
  const request = detail?.request ?? null;
  return (
    <Flex direction="column" gap="3">
      <Flex align="center" justify="between">
        <Heading as="h3" size="4">
          Request {id}
        </Heading>
        <Button variant="soft" disabled={acting} onClick={() => actor.send({ type: 'request.close' })}>
          Back to requests
        </Button>
      </Flex>
      <NoticeCallout notice={notice} label="Request notice" errorColor="amber" />
      {conflict ? (
        <Callout.Root role="alert" aria-label="Someone else acted" color="amber">
          <Callout.Text>{conflict}</Callout.Text>
        </Callout.Root>
      ) : null}
      {failed ? (
        <ListFailed
          text={`The request could not be loaded: ${error}`}
          retry="Try again"
          onRetry={() => actor.send({ type: 'request.retry' })}
        />
      ) : null}
      {error && !failed ? (
        <Callout.Root role="alert" color="red">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {loading && !request ? (
        <Text role="status" aria-label="Loading the request">
          <Spinner /> Loading the request…
        </Text>
      ) : null}
      {request && detail ? (
        <Card style={{ opacity: loading ? 0.6 : 1 }}>
          <Flex direction="column" gap="3">
            <DataList.Root aria-label="The request">
              <Item label="Status">
                <Badge color={STATUS_COLORS[request.status]} aria-label="Status">
                  {REQUEST_STATUS_LABELS[request.status]}
                </Badge>
              </Item>
              <Item label="User">
                {request.user.name} ({request.user.email})
              </Item>
              <Item label="Organization">{request.organization?.name ?? '—'}</Item>
              <Item label="Broker">
                <Flex gap="2" align="center">
                  <Text>{request.broker.name}</Text>
                  <Button
                    size="1"
                    variant="ghost"
                    onClick={() => openTab('broker_details', { broker: String(request.broker.id) })}
                  >
                    Broker details
                  </Button>
                </Flex>
              </Item>
              <Item label="Requested">{timeText(request.created_at)}</Item>
              <Item label="Note">{request.note || '—'}</Item>
              {request.sent_at !== null ? <Item label="Sent to broker">{timeText(request.sent_at)}</Item> : null}
              {request.decided_by ? (
                <Item label="Decided">{`${request.decided_by}, ${timeText(request.decided_at)}`}</Item>
              ) : null}
              {request.reason ? <Item label="Reason">{request.reason}</Item> : null}
              <Item label="Fulfillment">
                {detail.fulfillment ? (
                  <Flex gap="2" align="center">
                    <Text aria-label="Fulfillment">
                      {`Fulfillment ${detail.fulfillment.id}: ${FULFILLMENT_STATUS_LABELS[detail.fulfillment.status]} from ${timeText(detail.fulfillment.starts_at)}`}
                    </Text>
                    <Button
                      size="1"
                      variant="ghost"
                      onClick={() =>
                        openTab('fulfillments', { user: String(request.user.id), broker: String(request.broker.id) })
                      }
                    >
                      Open in FulFillments
                    </Button>
                  </Flex>
                ) : (
                  'None'
                )}
              </Item>
            </DataList.Root>
            <Flex gap="2" role="group" aria-label="Actions">
              {offered.length === 0 ? (
                <Text size="2" color="gray">
                  No action is open to a request {REQUEST_STATUS_LABELS[request.status].toLowerCase()}.
                </Text>
              ) : null}
              {offered.map((a) => (
                <Button
                  key={a}
                  color={a === 'reject' ? 'red' : a === 'approve' ? 'green' : undefined}
                  variant={a === 'send' ? 'soft' : 'solid'}
                  disabled={acting || loading}
                  onClick={() =>
                    actor.send({
                      type: a === 'approve' ? 'action.approve' : a === 'send' ? 'action.send' : 'action.reject',
                    })
                  }
                >
                  {acting && action === a ? <Spinner /> : null}
                  {a === 'reject' ? 'Reject…' : REQUEST_ACTIONS[a].label}
                </Button>
              ))}
            </Flex>
            <History entries={detail.history} />
          </Flex>
        </Card>
      ) : null}
      <RejectDialog />
      <ApproveDialog />
    </Flex>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="120px">{label}</DataList.Label>
      <DataList.Value>{children}</DataList.Value>
    </DataList.Item>
  );
}

function History({ entries }: { entries: HistoryEntry[] }) {
  return (
    <Flex direction="column" gap="1">
      <Heading as="h4" size="2">
        History
      </Heading>
      {entries.length === 0 ? (
        <Text size="2" color="gray">
          Nothing recorded by staff yet.
        </Text>
      ) : (
        <ol aria-label="History" style={{ margin: 0, paddingLeft: 20 }}>
          {entries.map((h, i) => (
            <li key={i}>
              <Text size="2">{`${timeText(h.at)} — ${h.by}: ${historyWords(h)}`}</Text>
              {h.reason ? (
                <Text as="div" size="1" color="gray">
                  Reason: {h.reason}
                </Text>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Flex>
  );
}

/** Approving gives the user the broker's research from now on: it names who and which broker first. */
function ApproveDialog() {
  const actor = RequestsCtx.useActorRef();
  const open = RequestsCtx.useSelector(selectApproving);
  const detail = RequestsCtx.useSelector(selectDetail);
  const request = detail?.request ?? null;
  return (
    <ConfirmDialog
      open={open}
      title={request ? `Approve request ${request.id}?` : ''}
      action="Approve"
      tone="green"
      onConfirm={() => actor.send({ type: 'approve.confirm' })}
      onCancel={() => actor.send({ type: 'approve.cancel' })}
    >
      {request &&
        `${request.user.name} (${request.user.email}) gets the research of ${request.broker.name} from now on: 1 fulfillment is started, with no end date.`}
    </ConfirmDialog>
  );
}

function RejectDialog() {
  const actor = RequestsCtx.useActorRef();
  const open = RequestsCtx.useSelector(selectRejecting);
  const acting = RequestsCtx.useSelector(selectActing);
  const reason = RequestsCtx.useSelector(selectReason);
  const id = RequestsCtx.useSelector(selectOpenId);
  const ready = reason.trim() !== '' && reason.trim().length <= REASON_MAX;
  const { onCloseAutoFocus } = useDialogFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && actor.send({ type: 'reject.cancel' })}>
      <AlertDialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="480px">
        <AlertDialog.Title>Reject request {id}?</AlertDialog.Title>
        <AlertDialog.Description size="2">The user is told the reason.</AlertDialog.Description>
        <Box mt="3">
          <ReasonField
            id="reject-reason"
            value={reason}
            maxLength={REASON_MAX}
            disabled={acting}
            hint={reason.trim() === '' ? 'Say why.' : `${reason.trim().length} of ${REASON_MAX} characters.`}
            onChange={(text) => actor.send({ type: 'reason.change', text })}
          />
        </Box>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={acting}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" disabled={!ready || acting} onClick={() => actor.send({ type: 'reject.confirm' })}>
            Reject
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
