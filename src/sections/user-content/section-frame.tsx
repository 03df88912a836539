// One section of the Content tab as its read stands: loading, failed with Retry, empty, or shown.
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { Part, Section } from './user-content.types';
import { UserContentCtx } from './user-content-context';

export function SectionFrame<T>({
  section,
  title,
  part,
  empty,
  isEmpty,
  actions,
  children,
}: {
  section: Section;
  title: string;
  part: Part<T>;
  /** What an empty list says ('No saved searches.'). */
  empty: string;
  isEmpty: (reply: T) => boolean;
  actions?: ReactNode;
  children: (reply: T) => ReactNode;
}) {
  const actor = UserContentCtx.useActorRef();
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
