// Save as segment / Rename: the name and description of a segment, its query shown in words.
// The server's refusal stands at its field; a save someone else made first is said above.
import { Button, Callout, Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import type { FormEvent } from 'react';
import { SEGMENT_DESCRIPTION_MAX, SEGMENT_NAME_MAX } from '../../domain/segments';
import { selectFieldErrors, selectForm, selectFormError, selectFormOpen, selectSaving } from '../../machines/segment-editor/segment-editor.selectors';
import { described, FieldFrame } from '../form/field-frame';
import { queryWords } from './query-words';
import { SegmentsCtx } from './segments-context';

export function SegmentFormDialog() {
  const editor = SegmentsCtx.useActorRef();
  const open = SegmentsCtx.useSelector(selectFormOpen);
  const form = SegmentsCtx.useSelector(selectForm);
  const saving = SegmentsCtx.useSelector(selectSaving);
  const errors = SegmentsCtx.useSelector(selectFieldErrors);
  const formError = SegmentsCtx.useSelector(selectFormError);
  if (!open || !form) return null;
  const creating = form.id === null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    editor.send({ type: 'form.submit' });
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !saving && editor.send({ type: 'form.cancel' })}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{creating ? 'Save as segment' : 'Rename segment'}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {creating ? 'The users this list query finds, saved under a name.' : `Its query stays as it is.`}
        </Dialog.Description>
        <form onSubmit={submit} aria-label={creating ? 'New segment' : 'Rename segment'}>
          <Flex direction="column" gap="3">
            <Text as="p" size="2" aria-label="Segment query"><Text weight="medium">Query: </Text>{queryWords(form.query).join(' · ')}</Text>
            {formError && <Callout.Root color="red" role="alert"><Callout.Text>{formError}</Callout.Text></Callout.Root>}
            <FieldFrame id="segment-name" label="Name" error={errors['name']}>
              <TextField.Root id="segment-name" value={form.name} maxLength={SEGMENT_NAME_MAX} disabled={saving} autoFocus
                onChange={(e) => editor.send({ type: 'form.name', value: e.currentTarget.value })} {...described('segment-name', errors['name'])} />
            </FieldFrame>
            <FieldFrame id="segment-description" label="Description" error={errors['description']} hint="Optional: who these users are, what the segment is for.">
              <TextArea id="segment-description" value={form.description} maxLength={SEGMENT_DESCRIPTION_MAX} disabled={saving} rows={3}
                onChange={(e) => editor.send({ type: 'form.description', value: e.currentTarget.value })}
                {...described('segment-description', errors['description'], 'Optional: who these users are, what the segment is for.')} />
            </FieldFrame>
            <Flex gap="3" justify="end" mt="2">
              <Button type="button" variant="soft" color="gray" disabled={saving} onClick={() => editor.send({ type: 'form.cancel' })}>Cancel</Button>
              <Button type="submit" loading={saving}>Save</Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
