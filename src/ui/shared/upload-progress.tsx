// The line an upload shows while it waits: reading the file, checking it with the server.
import { Spinner, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function UploadProgress({ children }: { children: ReactNode }) {
  return (
    <Text size="2" color="gray" role="status">
      <Spinner size="1" /> {children}
    </Text>
  );
}
