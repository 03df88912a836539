// Spec §2/§8: 'Something went wrong.', with details only outside production.
import { Box, Button, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { MESSAGES } from '../../domain/auth';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** A lazily loaded part that timed out, or that the browser could not fetch. */
export function isChunkLoadFailure(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

export function ErrorScreen({ error, showDetails }: { error: unknown; showDetails: boolean }) {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <Flex direction="column" align="center" justify="center" gap="3" p="6" style={{ minHeight: '50vh' }} role="alert">
      <Heading as="h1" size="5">
        {MESSAGES.renderFailure}
      </Heading>
      {isChunkLoadFailure(error) && (
        <Text size="2" color="gray">
          Part of the page could not be loaded.
        </Text>
      )}
      {showDetails && (
        <Box maxWidth="640px">
          <Code size="2" color="gray" style={{ whiteSpace: 'pre-wrap' }}>
            {detail}
          </Code>
        </Box>
      )}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Flex>
  );
}
