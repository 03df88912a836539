import { bannerMachine } from '../../src/machines/banner/banner.machine';
import type { MachinePlan } from '../support/graph-paths';

export const bannerPlan: MachinePlan<typeof bannerMachine> = {
  machine: bannerMachine,
  events: [
    { type: 'banner.show', tone: 'info', text: 'Logged out successfully.' },
    { type: 'banner.show', tone: 'error', text: 'Error: 500' },
    { type: 'banner.dismiss' },
  ],
  outcomes: [],
  serializeState: (s) => JSON.stringify([s.value, s.context.tone]),
};
