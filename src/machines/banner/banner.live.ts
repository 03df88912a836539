// The banner machine with its real click watcher: the page's next click dismisses the message.
import { fromCallback } from 'xstate';
import { bannerMachine } from './banner.machine';
import type { BannerEvent } from './banner.types';

const watchClicks = fromCallback<BannerEvent>(({ sendBack }) => {
  const onClick = () => sendBack({ type: 'banner.dismiss' });
  // Registered after the current event has finished, so the click that showed the message
  // does not also dismiss it.
  const timer = setTimeout(() => document.addEventListener('click', onClick, { capture: true }), 0);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('click', onClick, { capture: true });
  };
});

export const liveBannerMachine = bannerMachine.provide({ actors: { watchClicks } });
