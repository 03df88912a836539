// A message's five seconds (spec §2), run by the one banner machine: a new message shows, then
// goes after 5 s or at the next click; pointing at it or focusing it keeps it while it is read.
// A message that has gone stays gone when its screen is drawn again (a dialog closed over it).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { liveBannerMachine } from '../../machines/banner/banner.live';
import type { Notice } from '../../machines/shared/notice';

const gone = new WeakSet<object>();

/** Handlers the message's element takes so that reading it holds it. */
export interface HoldHandlers {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
}

export function useTransient(notice: Notice | null | undefined): { shown: boolean; hold: HoldHandlers } {
  const actor = useActorRef(liveBannerMachine);
  const visible = useSelector(actor, (s) => s.hasTag('visible'));
  const current = useRef<Notice | null>(null);

  useEffect(() => {
    current.current = notice && !gone.has(notice) ? notice : null;
    if (current.current) actor.send({ type: 'banner.show', tone: current.current.tone, text: current.current.text });
    else actor.send({ type: 'banner.dismiss' });
  }, [actor, notice]);

  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (!s.hasTag('visible') && current.current) {
        gone.add(current.current);
        current.current = null;
      }
    });
    return () => sub.unsubscribe();
  }, [actor]);

  const hold = useRef<HoldHandlers>({
    onPointerEnter: () => actor.send({ type: 'banner.hold' }),
    onPointerLeave: () => actor.send({ type: 'banner.release' }),
    onFocus: () => actor.send({ type: 'banner.hold' }),
    onBlur: () => actor.send({ type: 'banner.release' }),
  });
  return { shown: visible && !!notice && !gone.has(notice), hold: hold.current };
}
