import type { MachinePlan } from '../../workflows/plan';
import { chunkMachine } from './chunk.machine';

export const chunkPlan: MachinePlan<typeof chunkMachine> = { machine: chunkMachine, events: [], outcomes: [] };
