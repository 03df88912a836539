// A Broker Research tab not built yet says so plainly (no fake content).
import { Callout } from '@radix-ui/themes';
import { BR_TAB_LABELS, type BrTab } from '../../domain/broker-research';

export function TabPending({ tab }: { tab: BrTab }) {
  return (
    <Callout.Root color="gray">
      <Callout.Text>The {BR_TAB_LABELS[tab]} tab is not built yet.</Callout.Text>
    </Callout.Root>
  );
}
