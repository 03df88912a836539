import type { MachinePlan } from '../graph/plan';
import { chunkMachine } from './chunk.machine';

export const chunkPlan: MachinePlan<typeof chunkMachine> = { machine: chunkMachine, events: [], outcomes: [] };
