// The real services of the Control Panel's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { fetchFlags, fetchWaitingSubmissions, saveFlags } from './control-panel.service';
import { researchFlagsMachine } from './control-panel.machine';

/** Submissions the panel names beside their count. */
const LATEST_SHOWN = 5;

export const liveResearchFlagsMachine = researchFlagsMachine.provide({
  actors: {
    loadPanel: fromPromise(async ({ input }) => {
      const [replies, waiting] = await Promise.all([
        Promise.all(input.dists.map((d) => fetchFlags(d))),
        // The flags show even when the count cannot be read.
        fetchWaitingSubmissions(LATEST_SHOWN).catch(() => null),
      ]);
      return { replies, waiting };
    }),
    saveFlags: fromPromise(({ input }) => saveFlags(input.dist, input.flags, input.version)),
  },
});
