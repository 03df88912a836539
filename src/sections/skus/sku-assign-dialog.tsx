// Assigning a SKU: an account chosen with the organization picker, then what changes there (each
// setting now and after) and any account rule the result breaks — nothing is written until the
// person confirms. A change to the account in between brings the new preview, said.
import { Button, Callout, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import { settingLabel, valueInWords } from '../../domain/account-labels';
import {
  selectAccount,
  selectAssignOpen,
  selectAssignStage,
  selectBusy,
  selectError,
  selectNotice,
  selectPreview,
  selectProductKey,
  selectTarget,
} from './skus.selectors';
import { OrgPicker } from '../organizations/org-picker';
import { HiddenCaption } from '../../ui/shared/record-table';
import { SkusCtx } from './skus-context';
import { TableHead } from '../../ui/shared/table-head';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

export function SkuAssignDialog() {
  const editor = SkusCtx.useActorRef();
  const open = SkusCtx.useSelector(selectAssignOpen);
  const stage = SkusCtx.useSelector(selectAssignStage);
  const busy = SkusCtx.useSelector(selectBusy);
  const target = SkusCtx.useSelector(selectTarget);
  const account = SkusCtx.useSelector(selectAccount);
  const preview = SkusCtx.useSelector(selectPreview);
  const error = SkusCtx.useSelector(selectError);
  const notice = SkusCtx.useSelector(selectNotice);
  const key = SkusCtx.useSelector(selectProductKey);
  const { onCloseAutoFocus } = useDialogFocus(open && !!target);
  if (!open || !target) return null;
  const problems = preview ? Object.entries(preview.problems) : [];
  const done = stage === 'done';
  const close = () => editor.send(done ? { type: 'assign.close' } : { type: 'assign.cancel' });
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && close()}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="680px">
        <Dialog.Title>{`Assign '${target.code}'`}</Dialog.Title>
        <Dialog.Description
          size="2"
          mb="3"
        >{`${target.name}: choose an account; you will see what changes there before anything is saved.`}</Dialog.Description>
        <Flex direction="column" gap="3">
          {!done && (
            <div>
              <Text as="div" size="2" weight="medium" mb="1">
                Organization
              </Text>
              <OrgPicker
                value={account ? { title: account.name, org_id: account.account_id, salesforceId: null } : null}
                disabled={busy}
                onChange={(pick) =>
                  pick &&
                  editor.send({ type: 'assign.account', account: { account_id: pick.org_id, name: pick.title } })
                }
              />
            </div>
          )}
          {stage === 'previewing' && (
            <Text size="2" color="gray" role="status" aria-label="Reading the preview">
              Reading what changes…
            </Text>
          )}
          {error && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          )}
          {done && notice && (
            <Callout.Root color="blue" role="status" aria-label="Assign notice">
              <Callout.Text>{notice.text}</Callout.Text>
            </Callout.Root>
          )}
          {preview && !done && (
            <>
              <Text as="p" size="2">
                {preview.held
                  ? `${preview.account.name} holds '${preview.sku.code}' already; assigning sets its settings again. `
                  : ''}
                {preview.changes.length === 0
                  ? `Nothing changes on ${preview.account.name}: it has these settings already.`
                  : `On ${preview.account.name} this changes:`}
              </Text>
              {preview.changes.length > 0 && (
                <Table.Root size="1">
                  <HiddenCaption>What changes</HiddenCaption>
                  <TableHead columns={['Setting', 'Now', 'After']} />
                  <Table.Body>
                    {preview.changes.map((c) => {
                      const label = settingLabel(key, c.field);
                      return (
                        <Table.Row key={c.field} aria-label={label}>
                          <Table.RowHeaderCell>{label}</Table.RowHeaderCell>
                          <Table.Cell>{valueInWords(key, c.field, c.before)}</Table.Cell>
                          <Table.Cell>{valueInWords(key, c.field, c.after)}</Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              )}
              {problems.length > 0 && (
                <Callout.Root color="red" role="alert" aria-label="Why it cannot be assigned">
                  <Callout.Text>
                    {`'${preview.sku.code}' cannot be assigned to ${preview.account.name}: `}
                    {problems.map(([field, msg]) => `${settingLabel(key, field)}: ${msg}`).join(' ')}
                  </Callout.Text>
                </Callout.Root>
              )}
            </>
          )}
          <Flex gap="3" justify="end" mt="2">
            <Button variant="soft" color="gray" disabled={busy} onClick={close}>
              {done ? 'Close' : 'Cancel'}
            </Button>
            {!done && (
              <Button
                loading={stage === 'applying'}
                disabled={busy || !preview || problems.length > 0}
                onClick={() => editor.send({ type: 'assign.confirm' })}
              >
                {account ? `Assign to ${account.name}` : 'Assign'}
              </Button>
            )}
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
