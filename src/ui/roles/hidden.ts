/** Read by screen readers, not shown: a caption naming a table (Radix's Table.Root gives its props to a wrapper). */
export const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
