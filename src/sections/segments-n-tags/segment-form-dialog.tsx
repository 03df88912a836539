// Save as segment / Rename: the name and description of a segment, its query shown in words.
// The server's refusal stands at its field; a save someone else made first is said above.
import { shallowEqual } from '@xstate/react';
import { Text } from '@radix-ui/themes';
import { SEGMENT_DESCRIPTION_MAX, SEGMENT_NAME_MAX } from '../../domain/segments';
import { selectFormView } from './segments.selectors';
import { queryWords } from './query-words';
import { SegmentsCtx } from './segments-context';
import { RecordFormDialog } from '../../ui/shared/record-dialogs';
import { RecordTextArea, RecordTextField, recordFieldsOf } from '../../ui/shared/record-fields';

export function SegmentFormDialog() {
  const editor = SegmentsCtx.useActorRef();
  const { open, form, saving, errors, formError } = SegmentsCtx.useSelector(selectFormView, shallowEqual);
  if (!open || !form) return null;
  const creating = form.id === null;
  const field = recordFieldsOf(form, errors, saving);
  return (
    <RecordFormDialog
      title={creating ? 'Save as segment' : 'Rename segment'}
      description={creating ? 'The users this list query finds, saved under a name.' : `Its query stays as it is.`}
      formLabel={creating ? 'New segment' : 'Rename segment'}
      lead={
        <Text as="p" size="2" aria-label="Segment query">
          <Text weight="medium">Query: </Text>
          {queryWords(form.query).join(' · ')}
        </Text>
      }
      error={formError}
      saving={saving}
      maxWidth="520px"
      send={editor.send}
    >
      <RecordTextField
        id="segment-name"
        label="Name"
        maxLength={SEGMENT_NAME_MAX}
        autoFocus
        {...field('name', (value) => editor.send({ type: 'form.name', value }))}
      />
      <RecordTextArea
        id="segment-description"
        label="Description"
        hint="Optional: who these users are, what the segment is for."
        maxLength={SEGMENT_DESCRIPTION_MAX}
        rows={3}
        {...field('description', (value) => editor.send({ type: 'form.description', value }))}
      />
    </RecordFormDialog>
  );
}
