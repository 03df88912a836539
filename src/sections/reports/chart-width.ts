// The width a chart is drawn at: its box's own, so text is drawn at the size it is written in
// (a chart scaled into its box shrank 11 px labels to about 7 px at 1024 px).
import { useEffect, useRef, useState } from 'react';

/** The box's width in px, followed as it changes; `fallback` until it is known (and where nothing measures). */
export function useChartWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.floor(box.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
