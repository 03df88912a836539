// Deleting a segment asks first; its members keep their tags.
import {
  selectDeleting,
  selectError,
  selectRemoving,
  selectTarget,
} from '../../machines/segment-editor/segment-editor.selectors';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { SegmentsCtx } from './segments-context';

export function SegmentDeleteDialog() {
  const editor = SegmentsCtx.useActorRef();
  const open = SegmentsCtx.useSelector(selectDeleting);
  const removing = SegmentsCtx.useSelector(selectRemoving);
  const target = SegmentsCtx.useSelector(selectTarget);
  const error = SegmentsCtx.useSelector(selectError);
  if (!open || !target) return null;
  return (
    <ConfirmDialog
      open
      title="Delete segment?"
      action="Delete"
      busy={removing}
      error={error}
      maxWidth="460px"
      onConfirm={() => editor.send({ type: 'delete.confirm' })}
      onCancel={() => editor.send({ type: 'delete.cancel' })}
    >
      '{target.name}' will be deleted. Its members stay as they are, tags included.
    </ConfirmDialog>
  );
}
