// A table's caption: its accessible name, shown small above it. (Radix's Table.Root puts its
// props on the wrapper, not on the <table>, so aria-label would not name the table.)
import { VisuallyHidden } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function TableCaption({ children }: { children: ReactNode }) {
  return (
    <caption
      style={{
        captionSide: 'top',
        textAlign: 'left',
        padding: 'var(--space-2) var(--space-3)',
        fontSize: 'var(--font-size-1)',
        color: 'var(--gray-11)',
      }}
    >
      {children}
    </caption>
  );
}

/** A table's name for screen readers only, where the screen around it already says what it holds. */
export function HiddenCaption({ children }: { children: ReactNode }) {
  return (
    <VisuallyHidden asChild>
      <caption>{children}</caption>
    </VisuallyHidden>
  );
}
