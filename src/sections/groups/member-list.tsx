// A group's members (or the users in no group) as a disclosure: its header always shown (the
// name, kind and count, what the filter matches), the body only while open. A body lists the
// first MEMBERS_PAGE people and the shared append pager adds the next ones (decision 099).
import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { GroupMember } from '../../domain/groups';
import { countText } from '../../domain/format';
import { LoadMore } from '../../ui/shared/pager';

/** People drawn at first in an open group; Load more adds as many again. */
export const MEMBERS_PAGE = 50;

/** The toggle of a disclosure, inside its heading: its name is what it opens. */
export function DisclosureHeading({
  id,
  open,
  onToggle,
  children,
}: {
  /** The body's element id, which the toggle controls. */
  id: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Heading as="h3" size="3">
      <Button
        variant="ghost"
        size="2"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
        style={{ fontWeight: 'inherit', fontSize: 'inherit', color: 'inherit' }}
      >
        <span aria-hidden style={{ display: 'inline-block', width: '1em' }}>
          {open ? '▾' : '▸'}
        </span>
        {children}
      </Button>
    </Heading>
  );
}

/** How many of how many people: "120 members", or "3 of 120 members match" while filtering. */
export function countWords(shown: number, total: number, filtering: boolean, noun: 'member' | 'user'): string {
  const of = `${countText(total)} ${total === 1 ? noun : `${noun}s`}`;
  return filtering ? `${countText(shown)} of ${of} ${shown === 1 ? 'matches' : 'match'}` : of;
}

/**
 * The people of one list read so far, "Showing 50 of 120" and the shared append pager while the
 * server has more: Load more asks the machine for the list's next page, and says here why it
 * was not read.
 */
export function MemberList({
  label,
  members,
  count,
  onMore,
  loading = false,
  error = null,
  action,
}: {
  /** The list's name ("Members of Analysts"). */
  label: string;
  members: readonly GroupMember[];
  /** How many people the list has in all (read or not). */
  count: number;
  /** Reads the next page; absent once the list is read to its end. */
  onMore?: (() => void) | undefined;
  loading?: boolean;
  /** Why the next page was not read. */
  error?: string | null;
  /** A row's control (Remove), if any. */
  action?: (member: GroupMember) => ReactNode;
}) {
  return (
    <Box>
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {members.map((m) => (
          <li key={m.id} style={{ padding: '4px 0', borderBottom: '1px solid var(--gray-a4)' }}>
            <Flex justify="between" align="center" gap="3">
              <Text size="2">
                {m.name || m.username}{' '}
                <Text color="gray">
                  · {m.username} · {m.email}
                </Text>
              </Text>
              {action?.(m)}
            </Flex>
          </li>
        ))}
      </ul>
      {onMore && (
        <Flex gap="3" align="center" mt="2">
          <Text size="1" color="gray" aria-label={`${label}: shown`}>
            Showing {countText(members.length)} of {countText(Math.max(count, members.length))}
          </Text>
          <LoadMore size="1" loading={loading} go={onMore} />
        </Flex>
      )}
      {error && (
        <Text as="p" size="1" color="red" mt="1" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
