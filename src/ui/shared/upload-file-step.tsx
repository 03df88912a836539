// An upload's file step: the input with its rules, "Reading <file>…" while the worker reads it, or
// why the file was refused whole with Start over. Every uploader's machine keeps the file's name
// and the refusal in its context, tags the refusal, and takes the same two events.
import { Flex } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import { StartOverButton } from './upload-buttons';
import { UploadFileInput, UploadReading, UploadRefused } from './upload-file-input';

type FileStepSnapshot = Snapshot<unknown> & {
  context: { fileName: string | null; refusal: string | null };
  hasTag: (tag: 'refused') => boolean;
};

type FileStepActor = ActorRef<FileStepSnapshot, { type: 'file.choose'; file: File } | { type: 'upload.clear' }>;

export function UploadFileStep({
  upload,
  id,
  label,
  hint,
  reading,
  disabled,
}: {
  upload: FileStepActor;
  /** The hint's id, which the input names as its description. */
  id: string;
  label: string;
  hint: string;
  /** The worker reads the file (the machine's own state for it). */
  reading: boolean;
  disabled: boolean;
}) {
  const refused = useSelector(upload, (s) => s.hasTag('refused'));
  const refusal = useSelector(upload, (s) => s.context.refusal);
  const fileName = useSelector(upload, (s) => s.context.fileName);
  return (
    <Flex direction="column" gap="1">
      <UploadFileInput
        id={id}
        label={label}
        hint={hint}
        disabled={disabled}
        onChoose={(file) => upload.send({ type: 'file.choose', file })}
      />
      {reading && <UploadReading fileName={fileName} />}
      {refused && (
        <UploadRefused fileName={fileName} refusal={refusal}>
          <StartOverButton onClick={() => upload.send({ type: 'upload.clear' })} />
        </UploadRefused>
      )}
    </Flex>
  );
}
