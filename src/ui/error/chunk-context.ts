import { createActorContext } from '@xstate/react';
import { chunkMachine } from '../../machines/chunk/chunk.machine';

export const ChunkCtx = createActorContext(chunkMachine);
