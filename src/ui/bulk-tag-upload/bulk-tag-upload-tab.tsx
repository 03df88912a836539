// Bulk Tag Upload: not built yet.
import { Callout } from '@radix-ui/themes';

export function BulkTagUploadTab() {
  return <Callout.Root color="gray"><Callout.Text>Bulk Tag Upload is not built yet.</Callout.Text></Callout.Root>;
}
