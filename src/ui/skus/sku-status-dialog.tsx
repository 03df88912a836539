// Retiring (or reactivating) a SKU asks first: a retired SKU cannot be assigned, and the accounts
// holding it keep it and their settings.
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import { selectError, selectStatusOpen, selectStatusSaving, selectTarget } from '../../machines/sku-editor/sku-editor.selectors';
import { SkusCtx } from './skus-context';

export function SkuStatusDialog() {
  const editor = SkusCtx.useActorRef();
  const open = SkusCtx.useSelector(selectStatusOpen);
  const saving = SkusCtx.useSelector(selectStatusSaving);
  const target = SkusCtx.useSelector(selectTarget);
  const error = SkusCtx.useSelector(selectError);
  if (!open || !target) return null;
  const retiring = target.status === 'active';
  const holders = target.holders === 1 ? '1 account holds it' : `${target.holders.toLocaleString('en-US')} accounts hold it`;
  return (
    <AlertDialog.Root open onOpenChange={(o) => !o && !saving && editor.send({ type: 'status.cancel' })}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>{retiring ? 'Retire SKU?' : 'Reactivate SKU?'}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {retiring
            ? `'${target.code}' can no longer be assigned. ${holders}; they keep it and their settings.`
            : `'${target.code}' can be assigned again.`}
        </AlertDialog.Description>
        {error && <Callout.Root color="red" role="alert" mt="3"><Callout.Text>{error}</Callout.Text></Callout.Root>}
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" color="gray" disabled={saving} onClick={() => editor.send({ type: 'status.cancel' })}>Cancel</Button>
          <Button color={retiring ? 'red' : 'green'} loading={saving} onClick={() => editor.send({ type: 'status.confirm' })}>{retiring ? 'Retire' : 'Reactivate'}</Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
