// The emails the outbox holds about the user (decision 022), newest first: when, what kind, the
// subject, whether it was kept, is waiting, went out or failed (and why), and the text on demand.
// The tab's own machine reads them.
import { Badge, Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OutboxMessage } from '../../domain/users';
import type { userEmailsMachine } from './user-emails.machine';
import { selectEmails, selectError, selectFailed, selectLoading } from './user-emails.selectors';
import { timeText } from '../../domain/format';
import { TableHead } from '../../ui/shared/table-head';

const KINDS: Record<string, string> = { welcome: 'Welcome', pre_register: 'Invitation' };

const STATUS: Record<string, { label: string; color: 'gray' | 'amber' | 'green' | 'red' }> = {
  stored: { label: 'Stored', color: 'gray' },
  queued: { label: 'Queued', color: 'amber' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** What the badge alone does not say: why nothing went out, the last refusal, when it went. */
function statusDetail(m: OutboxMessage): string | null {
  switch (m.status) {
    case 'stored':
      return 'No mail server is configured; kept in the outbox.';
    case 'queued':
      return m.last_error ? `Last try: ${m.last_error}` : null;
    case 'sent':
      return m.sent_at === null ? null : timeText(m.sent_at);
    case 'failed':
      return m.last_error ?? 'The mail server refused it.';
    default:
      return null;
  }
}

export function EmailsCard({ actor, userName }: { actor: ActorRefFrom<typeof userEmailsMachine>; userName: string }) {
  const emails = useSelector(actor, selectEmails);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);
  return (
    <Card>
      <Heading as="h3" size="3" mb="3">
        Emails
      </Heading>
      {loading && (
        <Text size="2" color="gray" role="status">
          Loading emails…
        </Text>
      )}
      {failed && (
        <Flex align="center" gap="3" role="alert">
          <Text size="2" color="red">
            The emails could not be loaded: {error}
          </Text>
          <Button size="1" variant="soft" onClick={() => actor.send({ type: 'list.retry' })}>
            Retry
          </Button>
        </Flex>
      )}
      {!loading && !failed && emails.length === 0 && (
        <Text size="2" color="gray">
          No emails have been written to {userName}.
        </Text>
      )}
      {!loading && !failed && emails.length > 0 && (
        <Table.Root size="1">
          <VisuallyHidden asChild>
            <caption>Emails</caption>
          </VisuallyHidden>
          <TableHead columns={['When', 'Kind', 'Subject', 'Status']} />
          <Table.Body>
            {emails.map((m) => {
              const status = STATUS[m.status];
              const detail = statusDetail(m);
              return (
                <Table.Row key={m.id}>
                  <Table.RowHeaderCell>{timeText(m.created_at)}</Table.RowHeaderCell>
                  <Table.Cell>{KINDS[m.kind] ?? m.kind}</Table.Cell>
                  <Table.Cell>
                    {/* The text only when asked for: a row stays one line. */}
                    <details>
                      <summary>{m.subject}</summary>
                      <Text as="p" size="1" color="gray">
                        To {m.to_email}, written by {m.author}
                      </Text>
                      <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.body_text}</pre>
                    </details>
                  </Table.Cell>
                  <Table.Cell>
                    <Flex direction="column" gap="1" align="start">
                      <Badge color={status?.color ?? 'gray'}>{status?.label ?? m.status}</Badge>
                      {detail && (
                        <Text size="1" color={m.status === 'failed' ? 'red' : 'gray'}>
                          {detail}
                        </Text>
                      )}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}
