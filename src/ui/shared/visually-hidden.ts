// Read by screen readers and not shown: a table's caption, a file input behind its button.
import type { CSSProperties } from 'react';

export const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
