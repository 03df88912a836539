// Deleting a segment asks first; its members keep their tags.
import { selectDeleting, selectError, selectRemoving, selectTarget } from './segments.selectors';
import { RecordDeleteDialog } from '../../ui/shared/record-dialogs';
import { SegmentsCtx } from './segments-context';

export function SegmentDeleteDialog() {
  const editor = SegmentsCtx.useActorRef();
  const open = SegmentsCtx.useSelector(selectDeleting);
  const removing = SegmentsCtx.useSelector(selectRemoving);
  const target = SegmentsCtx.useSelector(selectTarget);
  const error = SegmentsCtx.useSelector(selectError);
  if (!open || !target) return null;
  return (
    <RecordDeleteDialog title="Delete segment?" busy={removing} error={error} maxWidth="460px" send={editor.send}>
      '{target.name}' will be deleted. Its members stay as they are, tags included.
    </RecordDeleteDialog>
  );
}
