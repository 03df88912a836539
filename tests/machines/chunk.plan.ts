import { chunkMachine } from '../../src/machines/chunk/chunk.machine';
import type { MachinePlan } from '../support/graph-paths';

export const chunkPlan: MachinePlan<typeof chunkMachine> = { machine: chunkMachine, events: [], outcomes: [] };
