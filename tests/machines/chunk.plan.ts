// The chunk machine's plan lives beside it (src/machines/chunk/chunk.plan.ts); the viewer walks it too.
export { chunkPlan } from '../../src/machines/chunk/chunk.plan';
