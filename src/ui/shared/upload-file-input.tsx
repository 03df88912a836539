// Choosing an upload's file: the label above the input, the file's rules under it, then "Reading
// <file>…" while the worker reads it, or why it was refused whole.
import { Box, Callout, Flex, Text } from '@radix-ui/themes';
import type { ChangeEvent, ReactNode } from 'react';
import { UploadProgress } from './upload-progress';

/** A CSV, or text a CSV was saved as. */
export const UPLOAD_ACCEPT = '.csv,.txt,text/csv,text/plain';

/** The input's change: the file chosen, and the input emptied so the same file may be chosen again after it changed on disk. */
export const onFileChosen = (choose: (file: File) => void) => (e: ChangeEvent<HTMLInputElement>) => {
  const file = e.currentTarget.files?.[0];
  e.currentTarget.value = '';
  if (file) choose(file);
};

export function UploadFileInput({
  id,
  label,
  hint,
  disabled,
  onChoose,
}: {
  /** The hint's id, which the input names as its description. */
  id: string;
  label: string;
  hint: string;
  disabled: boolean;
  onChoose(file: File): void;
}) {
  return (
    <>
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          {label}
        </Text>
        <input
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={disabled}
          aria-describedby={id}
          onChange={onFileChosen(onChoose)}
        />
      </label>
      <Text id={id} size="1" color="gray">
        {hint}
      </Text>
    </>
  );
}

export function UploadReading({ fileName }: { fileName: string | null }) {
  return <UploadProgress>Reading {fileName}…</UploadProgress>;
}

/** The file (by name when there is one) was refused whole, by its name, type or size or by the reader; what to do next. */
export function UploadRefused({
  fileName,
  refusal,
  children,
}: {
  fileName: string | null;
  refusal: string | null;
  children?: ReactNode;
}) {
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>
        {fileName ?? 'The file'} was refused: {refusal}
      </Callout.Text>
      {children && (
        <Box>
          <Flex gap="2">{children}</Flex>
        </Box>
      )}
    </Callout.Root>
  );
}
