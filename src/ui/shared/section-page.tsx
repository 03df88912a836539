// A screen's page: its title (h2), any actions at the title's right, then what the screen shows,
// in one column. One for every section, so each page opens alike.
import { Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { TitledColumn } from './titled-column';

export function SectionPage({
  title,
  actions,
  gap = '4',
  children,
}: {
  title: ReactNode;
  /** Links or buttons beside the title (Download CSV, New user). */
  actions?: ReactNode;
  /** The column's spacing: '3' where the screen packs its parts closer. */
  gap?: '3' | '4';
  children: ReactNode;
}) {
  return (
    <TitledColumn
      heading={
        <Heading as="h2" size="5">
          {title}
        </Heading>
      }
      aside={actions}
      gap={gap}
    >
      {children}
    </TitledColumn>
  );
}
