// Shown while a route (or its lazily loaded chunk) is on its way. A chunk that takes longer than
// CHUNK_LOAD_TIMEOUT_MS fails like webpack's ChunkLoadError (spec §8): the error screen takes
// the pending view's place (inside the shell) and offers a reload.
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { selectTimedOut } from '../../machines/chunk/chunk.selectors';
import { ChunkCtx } from './chunk-context';
import { useInspect, useShowErrorDetails } from '../console-context';
import { ChunkLoadError, ErrorScreen } from './error-screen';

export function PendingView() {
  return (
    <ChunkCtx.Provider options={{ inspect: useInspect() }}>
      <PendingBody />
    </ChunkCtx.Provider>
  );
}

export function PendingBody() {
  const timedOut = ChunkCtx.useSelector(selectTimedOut);
  const showDetails = useShowErrorDetails();
  if (timedOut)
    return <ErrorScreen error={new ChunkLoadError('The section did not load in time.')} showDetails={showDetails} />;
  return (
    <Flex align="center" justify="center" gap="2" p="6" role="status">
      <Spinner />
      <Text size="2" color="gray">
        Loading…
      </Text>
    </Flex>
  );
}
