// An address the panel does not know, for a signed-in person: said inside the shell, with the way
// back to the start page (whose target depends on the person's features, decision 010).
import { Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link, useRouterState } from '@tanstack/react-router';

export function NotFoundPage() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Flex direction="column" gap="3" align="start">
      <Heading as="h2" size="5">
        Page not found
      </Heading>
      <Text as="p" size="2">
        There is no page at <Text weight="medium">{path}</Text>. It may have moved, or the address may be mistyped.
      </Text>
      <ThemeLink asChild size="2">
        <Link to="/">Back to the start page</Link>
      </ThemeLink>
    </Flex>
  );
}
