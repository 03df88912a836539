// The matches that open under a search field as it is typed (an organization, a broker): a panel
// floating over what follows, scrolled when long, that keeps the focus in the field while a pointer
// picks a match. One for every such field, so they look and behave alike.
import { Box, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

type Space = '1' | '2' | '3';

export function MatchList({
  id,
  role,
  label,
  maxHeight,
  children,
}: {
  id?: string;
  /** listbox while it lists matches; presentation while it only says something. */
  role: 'listbox' | 'presentation';
  label: string | undefined;
  maxHeight: number;
  children: ReactNode;
}) {
  return (
    <Box
      id={id}
      position="absolute"
      left="0"
      right="0"
      mt="1"
      p="1"
      style={{
        zIndex: 20,
        maxHeight,
        overflowY: 'auto',
        background: 'var(--color-panel-solid)',
        borderRadius: 'var(--radius-3)',
        boxShadow: 'var(--shadow-5)',
      }}
      // Keeps the focus in the field while a pointer picks an option.
      onMouseDown={(e) => e.preventDefault()}
      role={role}
      aria-label={label}
    >
      {children}
    </Box>
  );
}

/** One match by its name, picked by a pointer. */
export function MatchOption({
  px = '2',
  py = '1',
  onPick,
  children,
}: {
  px?: Space;
  py?: Space;
  onPick: () => void;
  children: ReactNode;
}) {
  return (
    <Box role="option" aria-selected={false} px={px} py={py} style={{ cursor: 'pointer' }} onClick={onPick}>
      <Text size="2">{children}</Text>
    </Box>
  );
}
