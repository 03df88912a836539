// Deleting a template asks first, saying what happens to the accounts that follow it.
import { selectDeleting, selectError, selectRemoving, selectTarget } from './templates.selectors';
import { RecordDeleteDialog } from '../../ui/shared/record-dialogs';
import { TemplatesCtx } from './templates-context';

export function TemplateDeleteDialog() {
  const editor = TemplatesCtx.useActorRef();
  const open = TemplatesCtx.useSelector(selectDeleting);
  const removing = TemplatesCtx.useSelector(selectRemoving);
  const target = TemplatesCtx.useSelector(selectTarget);
  const error = TemplatesCtx.useSelector(selectError);
  if (!open || !target) return null;
  const n = target.accounts ?? 0;
  return (
    <RecordDeleteDialog title="Delete template?" busy={removing} error={error} send={editor.send}>
      {`'${target.template_name}' will be deleted.`}
      {n > 0
        ? ` ${n === 1 ? 'The account that follows it keeps its' : `The ${n} accounts that follow it keep their`} settings and will follow no template.`
        : ''}
    </RecordDeleteDialog>
  );
}
