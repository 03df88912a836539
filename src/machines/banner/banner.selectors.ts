import type { SnapshotFrom } from 'xstate';
import type { bannerMachine } from './banner.machine';

type S = SnapshotFrom<typeof bannerMachine>;
export const selectBanner = (s: S) => (s.hasTag('visible') ? s.context : null);
