// The accounts holding a SKU, a page at a time; one can be taken off after the question (its settings stay).
import { Button, Callout, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import {
  selectError,
  selectHolders,
  selectHoldersOpen,
  selectHoldersReading,
  selectHoldersTotal,
  selectMoreHolders,
  selectNotice,
  selectBusy,
  selectTakingOff,
  selectTarget,
} from './skus.selectors';
import { ActionsHeader, HiddenCaption } from '../../ui/shared/record-table';
import { SkusCtx } from './skus-context';
import { LoadMore } from '../../ui/shared/pager';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { dayText, countText } from '../../domain/format';
import { RowRemoveButton } from '../../ui/shared/row-remove-button';
import { useDialogFocus } from '../../ui/shared/dialog-focus';
import { NoticeCallout } from '../../ui/shared/notice-callout';

export function SkuHoldersDialog() {
  const editor = SkusCtx.useActorRef();
  const open = SkusCtx.useSelector(selectHoldersOpen);
  const reading = SkusCtx.useSelector(selectHoldersReading);
  const busy = SkusCtx.useSelector(selectBusy);
  const holders = SkusCtx.useSelector(selectHolders);
  const total = SkusCtx.useSelector(selectHoldersTotal);
  const more = SkusCtx.useSelector(selectMoreHolders);
  const target = SkusCtx.useSelector(selectTarget);
  const error = SkusCtx.useSelector(selectError);
  const notice = SkusCtx.useSelector(selectNotice);
  const { onCloseAutoFocus } = useDialogFocus(open && !!target);
  if (!open || !target) return null;
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && editor.send({ type: 'holders.close' })}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="640px">
        <Dialog.Title>{`Accounts holding '${target.code}'`}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {reading && holders.length === 0
            ? 'Reading…'
            : `${countText(total)} ${total === 1 ? 'account holds' : 'accounts hold'} ${target.name}. Taking it off leaves the account's settings as they are.`}
        </Dialog.Description>
        <NoticeCallout notice={notice} label="Holders notice" mb="3" />
        {error && (
          <Callout.Root color="red" role="alert" mb="3">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {holders.length > 0 && (
          <Table.Root size="1">
            <HiddenCaption>Holders</HiddenCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Assigned by</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Assigned</Table.ColumnHeaderCell>
                <ActionsHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {holders.map((h) => (
                <Table.Row key={h.account_id} aria-label={h.name}>
                  <Table.RowHeaderCell>{h.name}</Table.RowHeaderCell>
                  <Table.Cell>{h.assigned_by}</Table.Cell>
                  <Table.Cell>{dayText(h.assigned_at)}</Table.Cell>
                  <Table.Cell>
                    <RowRemoveButton
                      label={`Take ${target.code} from ${h.name}`}
                      disabled={busy}
                      onClick={() => editor.send({ type: 'holders.unassign', accountId: h.account_id })}
                    >
                      Take off
                    </RowRemoveButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {!reading && holders.length === 0 && !error && (
          <Text as="p" size="2" color="gray">
            No account holds it.
          </Text>
        )}
        <Flex gap="3" justify="end" mt="4">
          {more && <LoadMore disabled={busy} go={() => editor.send({ type: 'holders.more' })} />}
          <Button variant="soft" color="gray" disabled={busy} onClick={() => editor.send({ type: 'holders.close' })}>
            Close
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Taking the SKU off an account asks first, over the holders. */
export function SkuTakeOffDialog() {
  const editor = SkusCtx.useActorRef();
  const account = SkusCtx.useSelector(selectTakingOff);
  const target = SkusCtx.useSelector(selectTarget);
  return (
    <ConfirmDialog
      open={account !== null && target !== null}
      title={account && target ? `Take ${target.code} off ${account.name}?` : ''}
      action="Take off"
      onConfirm={() => editor.send({ type: 'unassign.confirm' })}
      onCancel={() => editor.send({ type: 'unassign.cancel' })}
    >
      {account && target && `${account.name} no longer holds ${target.name}. Its settings stay as they are.`}
    </ConfirmDialog>
  );
}
