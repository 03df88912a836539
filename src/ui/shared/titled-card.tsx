// A card named for what it holds: its title as a heading (h3), what may sit beside the title (a
// button, a choice), then its content in a column.
import { Card, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { TitledColumn } from './titled-column';

export function TitledCard(props: {
  /** The card's accessible name. */
  label: string;
  title: ReactNode;
  aside?: ReactNode;
  gap?: '2' | '3';
  children: ReactNode;
}) {
  return (
    <Card aria-label={props.label}>
      <TitledColumn
        heading={
          <Heading as="h3" size="3">
            {props.title}
          </Heading>
        }
        aside={props.aside}
        gap={props.gap ?? '3'}
      >
        {props.children}
      </TitledColumn>
    </Card>
  );
}
