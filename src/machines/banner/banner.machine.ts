// The transient banner of spec §2: shows a message for 5 seconds or until the next click;
// blue for information, red for errors.
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
      after: { bannerTimeout: 'hidden' },
      on: { 'banner.dismiss': 'hidden' },
    },
  },
});
