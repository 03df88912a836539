// Retiring (or reactivating) a SKU asks first: a retired SKU cannot be assigned, and the accounts
// holding it keep it and their settings.
import { selectError, selectStatusOpen, selectStatusSaving, selectTarget } from './skus.selectors';
import { countText } from '../../domain/format';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { SkusCtx } from './skus-context';

export function SkuStatusDialog() {
  const editor = SkusCtx.useActorRef();
  const open = SkusCtx.useSelector(selectStatusOpen);
  const saving = SkusCtx.useSelector(selectStatusSaving);
  const target = SkusCtx.useSelector(selectTarget);
  const error = SkusCtx.useSelector(selectError);
  if (!open || !target) return null;
  const retiring = target.status === 'active';
  const holders = target.holders === 1 ? '1 account holds it' : `${countText(target.holders)} accounts hold it`;
  return (
    <ConfirmDialog
      open
      title={retiring ? 'Retire SKU?' : 'Reactivate SKU?'}
      action={retiring ? 'Retire' : 'Reactivate'}
      tone={retiring ? 'red' : 'green'}
      busy={saving}
      error={error}
      onConfirm={() => editor.send({ type: 'status.confirm' })}
      onCancel={() => editor.send({ type: 'status.cancel' })}
    >
      {retiring
        ? `'${target.code}' can no longer be assigned. ${holders}; they keep it and their settings.`
        : `'${target.code}' can be assigned again.`}
    </ConfirmDialog>
  );
}
