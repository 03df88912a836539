// The transient message of spec §2: shown for 5 seconds or until the next click; blue for
// information, red for errors. The global banner and every section's outcome line run this one
// machine. While the pointer rests on the message or focus is in it, its 5 seconds wait, so a
// message being read is not taken away (it still goes at the next click).
import { assign, fromCallback, setup } from 'xstate';
import { BANNER_MS } from '../../domain/constants';
import type { BannerContext, BannerEvent } from './banner.types';

export const bannerMachine = setup({
  types: { context: {} as BannerContext, events: {} as BannerEvent },
  actors: {
    /** Sends banner.dismiss on the next click anywhere on the page. */
    watchClicks: fromCallback<BannerEvent>(() => () => {}),
  },
  delays: { bannerTimeout: BANNER_MS },
}).createMachine({
  id: 'banner',
  context: { tone: 'info', text: '' },
  initial: 'hidden',
  on: {
    'banner.show': {
      target: '.shown',
      reenter: true,
      actions: assign({ tone: ({ event }) => event.tone, text: ({ event }) => event.text }),
    },
  },
  states: {
    hidden: {},
    shown: {
      tags: ['visible'],
      invoke: { id: 'watchClicks', src: 'watchClicks' },
      initial: 'counting',
      on: { 'banner.dismiss': 'hidden' },
      states: {
        counting: {
          after: { bannerTimeout: '#banner.hidden' },
          on: { 'banner.hold': 'held' },
        },
        /** Pointer over it or focus in it: the 5 seconds start again when it is let go. */
        held: {
          on: { 'banner.release': 'counting' },
        },
      },
    },
  },
});
