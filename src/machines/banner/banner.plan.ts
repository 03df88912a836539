import type { MachinePlan } from '../../workflows/plan';
import { bannerMachine } from './banner.machine';

export const bannerPlan: MachinePlan<typeof bannerMachine> = {
  machine: bannerMachine,
  events: [
    { type: 'banner.show', tone: 'info', text: 'Logged out successfully.' },
    { type: 'banner.show', tone: 'error', text: 'Error: 500' },
    { type: 'banner.dismiss' },
    { type: 'banner.hold' },
    { type: 'banner.release' },
  ],
  outcomes: [],
  serializeState: (s) => JSON.stringify([s.value, s.context.tone]),
};
