// One section of the Content tab as its read stands: loading, failed with Retry, empty, or shown.
// The section names its read, so a card says which section it is and the frame reads its part.
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { ContentKind } from '../../domain/user-content';
import type { Replies, Section } from './user-content.types';
import { selectParts } from './user-content.selectors';
import { UserContentCtx } from './user-content-context';
import { ContentTable } from './content-table';
import { CopyButton } from './copy-button';

export function SectionFrame<K extends Section>({
  section,
  title,
  empty,
  isEmpty,
  actions,
  children,
}: {
  section: K;
  title: string;
  /** What an empty list says ('No saved searches.'). */
  empty: string;
  isEmpty: (reply: Replies[K]) => boolean;
  actions?: ReactNode;
  children: (reply: Replies[K]) => ReactNode;
}) {
  const actor = UserContentCtx.useActorRef();
  const part = UserContentCtx.useSelector((s) => selectParts(s)[section]);
  return (
    <Card asChild>
      <section aria-label={title}>
        <Flex justify="between" align="center" mb="2" gap="2" wrap="wrap">
          <Heading as="h3" size="3">
            {title}
          </Heading>
          {part.status === 'shown' && actions}
        </Flex>
        {part.status === 'loading' && (
          <Text size="2" color="gray" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
            Loading…
          </Text>
        )}
        {part.status === 'failed' && (
          <Callout.Root color="red" role="alert" aria-label={`${title} not loaded`}>
            <Callout.Text>
              {part.error}{' '}
              <Button
                size="1"
                variant="soft"
                color="red"
                aria-label={`Retry ${title.toLowerCase()}`}
                onClick={() => actor.send({ type: 'section.retry', section })}
              >
                Retry
              </Button>
            </Callout.Text>
          </Callout.Root>
        )}
        {part.status === 'shown' &&
          (isEmpty(part.reply) ? (
            <Text size="2" color="gray" role="status" aria-label={`No ${title.toLowerCase()}`}>
              {empty}
            </Text>
          ) : (
            children(part.reply)
          ))}
      </section>
    </Card>
  );
}

/** 'Nov 28, 2026, 2:41 AM' in the browser's time zone. */

/**
 * A section listing one kind of the user's content: titled as its table, 'No …' when the list is
 * empty, Copy to users… where its rows may be copied, then the table and what follows it.
 */
export function ContentListSection<K extends Section, I extends { id: number; name: string }>({
  section,
  title,
  copy,
  items,
  headers,
  cells,
  after,
}: {
  section: K;
  title: string;
  /** The kind the rows may be copied as, or null where they are read-only. */
  copy: ContentKind | null;
  items: (reply: Replies[K]) => readonly I[];
  headers: readonly ReactNode[];
  cells: (item: I) => ReactNode;
  /** What follows the table (a page's count and Load more). */
  after?: (reply: Replies[K]) => ReactNode;
}) {
  return (
    <SectionFrame
      section={section}
      title={title}
      empty={`No ${title.toLowerCase()}.`}
      isEmpty={(r) => items(r).length === 0}
      actions={copy && <CopyButton kind={copy} />}
    >
      {(r) => {
        const table = <ContentTable caption={title} copy={copy} items={items(r)} headers={headers} cells={cells} />;
        return after ? (
          <Flex direction="column" gap="2">
            {table}
            {after(r)}
          </Flex>
        ) : (
          table
        );
      }}
    </SectionFrame>
  );
}
