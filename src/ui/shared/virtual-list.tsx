// A long list in a box of fixed height that draws only the rows in view (@tanstack/react-virtual):
// Restrict Broker's broker lists and a V2 group's members hold thousands. Each row is a listitem of
// fixed height laid out by the caller; an empty list says why in the caller's words.
import { useRef, type ReactNode } from 'react';
import { Box, Flex, Text } from '@radix-ui/themes';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';

export function VirtualList<Row extends { id: number }>({
  rows,
  height,
  rowHeight,
  label,
  labelledBy,
  empty,
  children,
}: {
  rows: readonly Row[];
  /** The box's height in px. */
  height: number;
  rowHeight: number;
  /** The list's name, or the id of what names it. */
  label?: string;
  labelledBy?: string;
  /** What an empty list says. */
  empty: string;
  /** A row's content. */
  children: (row: Row) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 5,
    // The list's height is fixed: where layout reports none (before it runs, or without it), that is its height.
    initialRect: { width: 400, height },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height ? rect : { width: rect.width, height })),
  });
  return (
    <Box
      ref={scroller}
      // Empty, it is a box with its words, not a list of nothing.
      role={rows.length ? 'list' : undefined}
      aria-label={rows.length ? label : undefined}
      aria-labelledby={rows.length ? labelledBy : undefined}
      style={{ height, overflowY: 'auto', border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-2)' }}
    >
      {rows.length === 0 && (
        <Text as="p" size="2" color="gray" m="2">
          {empty}
        </Text>
      )}
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <Flex
              key={row.id}
              role="listitem"
              align="center"
              gap="2"
              px="2"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {children(row)}
            </Flex>
          );
        })}
      </div>
    </Box>
  );
}
