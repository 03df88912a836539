// A lazily loaded section that has not arrived after CHUNK_LOAD_TIMEOUT_MS counts as failed
// (spec §8, ChunkLoadError). Runs while the router shows a section's pending view.
import { setup } from 'xstate';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/constants';

export const chunkMachine = setup({
  delays: { chunkTimeout: CHUNK_LOAD_TIMEOUT_MS },
}).createMachine({
  id: 'chunk',
  initial: 'loading',
  states: {
    loading: { tags: ['loading'], after: { chunkTimeout: 'timedOut' } },
    timedOut: { tags: ['failed'] },
  },
});
