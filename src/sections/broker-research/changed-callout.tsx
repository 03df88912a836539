// A save that someone else's change came before: what the tab says of it, as an alert named
// "Changed by someone else" (Brokers, Broker Details, Broker Domain Mappings).
import { Callout } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function ChangedCallout({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="amber" role="alert" aria-label="Changed by someone else">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
