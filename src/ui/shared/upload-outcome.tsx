// What an upload's check or change came to: a failure with the way back, or the summary of what
// it found or did.
import { Button, Callout, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { StartOverButton } from './upload-buttons';

/** The check or the change failed: why, then try again (or go back), and start over when offered. */
export function UploadFailed({
  message,
  retry,
  onRetry,
  onStartOver,
}: {
  message: ReactNode;
  retry: string;
  onRetry(): void;
  onStartOver?: () => void;
}) {
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>{message}</Callout.Text>
      <Flex gap="2">
        <Button type="button" size="1" variant="soft" onClick={onRetry}>
          {retry}
        </Button>
        {onStartOver && <StartOverButton onClick={onStartOver} />}
      </Flex>
    </Callout.Root>
  );
}

/** The sentence that sums up a check or a change. */
export function UploadSummary({
  color = 'blue',
  label,
  children,
}: {
  color?: 'blue' | 'red' | 'green' | 'amber';
  label?: string;
  children: ReactNode;
}) {
  return (
    <Callout.Root color={color} size="1" role="status" aria-label={label}>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
