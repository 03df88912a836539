// A section the person's roles do not open: said at its address, naming the permission it needs
// (decision 050), with the way back to the start page.
import { Callout, Flex, Heading, Link as RadixLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { permissionName } from '../../domain/feature-labels';
import type { MenuEntry } from '../../domain/menu';

export function NoPermission({ entry }: { entry: MenuEntry }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        {entry.label}
      </Heading>
      <Callout.Root color="gray" role="alert" aria-label="No permission">
        <Callout.Text>
          You do not have permission to open {entry.label}: it needs the {permissionName(entry.feature)} permission. Ask
          an administrator for a role that includes it; it counts from your next click.
        </Callout.Text>
      </Callout.Root>
      <RadixLink asChild size="2">
        <Link to="/">Back to the start page</Link>
      </RadixLink>
    </Flex>
  );
}
