// Group ManagementV2's reads as they stand: one under way (a spinner and what is read), or failed
// (why, and Try again). The group list and a group's members say them alike.
import { Box, Button, Callout, Spinner, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function ReadUnderWay({ children }: { children: ReactNode }) {
  return (
    <Text size="2" color="gray" role="status">
      <Spinner size="1" /> {children}
    </Text>
  );
}

export function ReadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>{children}</Callout.Text>
      <Box>
        <Button size="1" variant="soft" onClick={onRetry}>
          Try again
        </Button>
      </Box>
    </Callout.Root>
  );
}
