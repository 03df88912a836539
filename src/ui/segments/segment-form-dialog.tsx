// Save as segment / Rename: the name and description of a segment, its query shown in words.
// The server's refusal stands at its field; a save someone else made first is said above.
import { Text, TextArea, TextField } from '@radix-ui/themes';
import { SEGMENT_DESCRIPTION_MAX, SEGMENT_NAME_MAX } from '../../domain/segments';
import {
  selectFieldErrors,
  selectForm,
  selectFormError,
  selectFormOpen,
  selectSaving,
} from '../../machines/segment-editor/segment-editor.selectors';
import { described, FieldFrame } from '../form/field-frame';
import { queryWords } from './query-words';
import { SegmentsCtx } from './segments-context';
import { FormDialog } from '../shared/form-dialog';

export function SegmentFormDialog() {
  const editor = SegmentsCtx.useActorRef();
  const open = SegmentsCtx.useSelector(selectFormOpen);
  const form = SegmentsCtx.useSelector(selectForm);
  const saving = SegmentsCtx.useSelector(selectSaving);
  const errors = SegmentsCtx.useSelector(selectFieldErrors);
  const formError = SegmentsCtx.useSelector(selectFormError);
  if (!open || !form) return null;
  const creating = form.id === null;
  return (
    <FormDialog
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
      onSubmit={() => editor.send({ type: 'form.submit' })}
      onCancel={() => editor.send({ type: 'form.cancel' })}
    >
      <FieldFrame id="segment-name" label="Name" error={errors['name']}>
        <TextField.Root
          id="segment-name"
          value={form.name}
          maxLength={SEGMENT_NAME_MAX}
          disabled={saving}
          autoFocus
          onChange={(e) => editor.send({ type: 'form.name', value: e.currentTarget.value })}
          {...described('segment-name', errors['name'])}
        />
      </FieldFrame>
      <FieldFrame
        id="segment-description"
        label="Description"
        error={errors['description']}
        hint="Optional: who these users are, what the segment is for."
      >
        <TextArea
          id="segment-description"
          value={form.description}
          maxLength={SEGMENT_DESCRIPTION_MAX}
          disabled={saving}
          rows={3}
          onChange={(e) => editor.send({ type: 'form.description', value: e.currentTarget.value })}
          {...described(
            'segment-description',
            errors['description'],
            'Optional: who these users are, what the segment is for.',
          )}
        />
      </FieldFrame>
    </FormDialog>
  );
}
