// Segments: not built yet.
import { Callout } from '@radix-ui/themes';

export function SegmentsTab() {
  return <Callout.Root color="gray"><Callout.Text>Segments are not built yet.</Callout.Text></Callout.Root>;
}
