// A heading, what sits at its right (actions, a choice) when there is any, then a column: how a
// page (SectionPage) and a card (TitledCard) open.
import { Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function TitledColumn({
  heading,
  aside,
  gap,
  children,
}: {
  heading: ReactNode;
  /** Beside the heading; `undefined` leaves the heading alone on its line. */
  aside: ReactNode;
  gap: '2' | '3' | '4';
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap={gap}>
      {aside === undefined ? (
        heading
      ) : (
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          {heading}
          {aside}
        </Flex>
      )}
      {children}
    </Flex>
  );
}
