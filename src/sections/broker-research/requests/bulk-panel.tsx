// A bulk action: what the selection holds and how many each action applies to (their status
// allows it, nobody changed them since), a confirmation (a rejection with its reason), then the
// report of what was done and of every request left as it was, with why.
import { AlertDialog, Box, Button, Callout, Card, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { ListFailed } from '../list-filters';
import {
  REASON_MAX,
  REQUEST_ACTION_KEYS,
  REQUEST_ACTIONS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type RequestAction,
} from '../../../domain/broker-research';
import { BULK_MAX, REQUEST_ACTION_DONE } from '../../../domain/broker-research-requests';
import {
  selectApplying,
  selectBulk,
  selectConfirming,
  selectError,
  selectPreviewFailed,
  selectPreviewing,
  selectReported,
} from './requests.selectors';
import { TableCaption } from '../../../ui/shared/table-caption';
import { RequestsCtx } from './requests-context';
import { countText } from '../../../domain/format';
import { TableHead } from '../../../ui/shared/table-head';
import { CancelButton } from '../../../ui/shared/cancel-button';
import { ReasonField } from '../../../ui/form/reason-field';
import { useDialogFocus } from '../../../ui/shared/dialog-focus';

const requests = (x: number) => `${countText(x)} ${x === 1 ? 'request' : 'requests'}`;

export function BulkPanel() {
  const actor = RequestsCtx.useActorRef();
  const bulk = RequestsCtx.useSelector(selectBulk);
  const previewing = RequestsCtx.useSelector(selectPreviewing);
  const failed = RequestsCtx.useSelector(selectPreviewFailed);
  const reported = RequestsCtx.useSelector(selectReported);
  const confirming = RequestsCtx.useSelector(selectConfirming);
  const error = RequestsCtx.useSelector(selectError);
  const preview = bulk.preview;
  return (
    <Flex direction="column" gap="3">
      <Heading as="h3" size="4">
        {bulk.scope === 'chosen' ? 'Act on the chosen requests' : 'Act on all matching requests'}
      </Heading>
      {previewing ? (
        <Text role="status" aria-label="Counting">
          <Spinner /> Counting what each action applies to…
        </Text>
      ) : null}
      {failed ? (
        <ListFailed
          text={`The requests could not be counted: ${error}`}
          retry="Try again"
          onRetry={() => actor.send({ type: 'bulk.retry' })}
        >
          <Button size="1" variant="soft" color="gray" onClick={() => actor.send({ type: 'bulk.cancel' })}>
            Cancel
          </Button>
        </ListFailed>
      ) : null}
      {preview && !reported ? (
        <Card>
          <Flex direction="column" gap="3">
            <Text role="status" aria-label="Bulk selection">
              {preview.capped
                ? `The newest ${countText(BULK_MAX)} of more than ${countText(BULK_MAX)} matching requests; narrow the filters to reach the others.`
                : `${requests(preview.selected)} ${bulk.scope === 'chosen' ? 'chosen' : 'matching'}.`}
              {preview.changed_since
                ? ` ${requests(preview.changed_since)} changed since you saw them; no action applies to them.`
                : ''}
            </Text>
            <Text size="2" color="gray" aria-label="By status">
              {REQUEST_STATUSES.filter((s) => (preview.by_status[s] ?? 0) > 0)
                .map((s) => `${REQUEST_STATUS_LABELS[s]}: ${countText(preview.by_status[s] ?? 0)}`)
                .join(' · ')}
            </Text>
            <Flex gap="2" role="group" aria-label="Bulk actions" wrap="wrap">
              {REQUEST_ACTION_KEYS.map((a) => (
                <Button
                  key={a}
                  disabled={preview.applies[a] === 0 || confirming}
                  color={a === 'reject' ? 'red' : a === 'approve' ? 'green' : undefined}
                  variant={a === 'send' ? 'soft' : 'solid'}
                  onClick={() => actor.send({ type: 'bulk.pick', action: a })}
                >
                  {`${REQUEST_ACTIONS[a].label} ${requests(preview.applies[a])}`}
                </Button>
              ))}
              <CancelButton disabled={confirming} onClick={() => actor.send({ type: 'bulk.cancel' })} />
            </Flex>
          </Flex>
        </Card>
      ) : null}
      {reported && bulk.report ? <Report /> : null}
      <ConfirmDialog />
    </Flex>
  );
}

function ConfirmDialog() {
  const actor = RequestsCtx.useActorRef();
  const bulk = RequestsCtx.useSelector(selectBulk);
  const confirming = RequestsCtx.useSelector(selectConfirming);
  const applying = RequestsCtx.useSelector(selectApplying);
  const open = confirming || applying;
  const error = RequestsCtx.useSelector(selectError);
  const action: RequestAction | null = bulk.action;
  const dialogFocus = useDialogFocus(open && action !== null && bulk.preview !== null);
  if (!action || !bulk.preview) return null;
  const count = bulk.preview.applies[action];
  const ready = action !== 'reject' || (bulk.reason.trim() !== '' && bulk.reason.trim().length <= REASON_MAX);
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Content {...dialogFocus} maxWidth="520px">
        <AlertDialog.Title>{`${REQUEST_ACTIONS[action].label}: ${requests(count)}?`}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {`Only the requests whose status allows it and that nobody changed since are ${REQUEST_ACTION_DONE[action]}; the others are listed afterwards with why.`}
          {action === 'approve' ? ' Each approval gives the user a fulfillment of the broker.' : ''}
        </AlertDialog.Description>
        {action === 'reject' ? (
          <Box mt="3">
            <ReasonField
              id="bulk-reason"
              value={bulk.reason}
              maxLength={REASON_MAX}
              disabled={applying}
              onChange={(text) => actor.send({ type: 'bulk.reason', text })}
            />
          </Box>
        ) : null}
        {error ? (
          <Callout.Root role="alert" color="red" mt="3">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" mt="4" justify="end">
          <CancelButton
            disabled={applying}
            onClick={() => actor.send(error ? { type: 'bulk.cancel' } : { type: 'bulk.back' })}
          >
            {error ? 'Cancel' : 'Back'}
          </CancelButton>
          <Button
            color={action === 'reject' ? 'red' : action === 'approve' ? 'green' : undefined}
            disabled={!ready || applying}
            onClick={() => actor.send({ type: 'bulk.confirm' })}
          >
            {applying ? <Spinner /> : null}
            {REQUEST_ACTIONS[action].label}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

function Report() {
  const actor = RequestsCtx.useActorRef();
  const report = RequestsCtx.useSelector((s) => s.context.bulk.report)!;
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Callout.Root role="status" aria-label="Bulk outcome" color={report.not_changed.length ? 'amber' : 'green'}>
          <Callout.Text>{report.msg}</Callout.Text>
        </Callout.Root>
        {report.not_changed.length ? (
          <Table.Root size="1">
            <TableCaption>Not changed</TableCaption>
            <TableHead columns={['Request', 'Why it was left as it was']} />
            <Table.Body>
              {report.not_changed.map((x) => (
                <Table.Row key={x.id}>
                  <Table.Cell>{x.id}</Table.Cell>
                  <Table.Cell>{x.msg}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ) : null}
        <Flex>
          <Button onClick={() => actor.send({ type: 'bulk.close' })}>Done</Button>
        </Flex>
      </Flex>
    </Card>
  );
}
