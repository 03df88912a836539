// A section whose screen is not built yet says so plainly (no fake content).
import { Callout, Flex, Heading } from '@radix-ui/themes';
import { menuEntryFor } from '../../domain/menu';

export function SectionPending({ path }: { path: string }) {
  const entry = menuEntryFor(path);
  const label = entry?.label ?? path;
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        {label}
      </Heading>
      <Callout.Root color="gray">
        <Callout.Text>
          The {label} screen is not built yet. You have access to it; it will appear here once it is built.
        </Callout.Text>
      </Callout.Root>
    </Flex>
  );
}
