// The welcome emails of the users just created, as the outbox holds them: kept there when no mail
// server is configured, or waiting, sent, failed (decision 022).
import { Table, Text } from '@radix-ui/themes';
import type { OutboxMessage } from '../../domain/users';
import { selectMail } from './user-create.selectors';
import { UserCreateCtx } from './user-create-context';
import { TableHead } from '../../ui/shared/table-head';
import { HiddenCaption } from '../../ui/shared/table-caption';

const SHOWN = 20;

function statusText(m: OutboxMessage): string {
  switch (m.status) {
    case 'stored':
      return 'Kept in the outbox (no mail server is configured)';
    case 'queued':
      return m.last_error ? `Waiting to be sent again (last try: ${m.last_error})` : 'Waiting to be sent';
    case 'sent':
      return 'Sent';
    case 'failed':
      return `Not sent: ${m.last_error ?? 'the mail server refused it'}`;
    default:
      return m.status;
  }
}

export function WelcomeMail() {
  const mail = UserCreateCtx.useSelector(selectMail);
  if (mail.kind === 'none') return null;
  if (mail.kind === 'loading')
    return (
      <Text size="2" color="gray" role="status">
        Checking the welcome emails…
      </Text>
    );
  if (mail.kind === 'unknown')
    return (
      <Text size="2" color="gray">
        Could not read the outbox; the welcome emails are there all the same.
      </Text>
    );
  return (
    <Table.Root size="1" variant="surface">
      <HiddenCaption>Welcome emails</HiddenCaption>
      <TableHead columns={['Welcome email to', 'Status']} />
      <Table.Body>
        {mail.messages.slice(0, SHOWN).map((m) => (
          <Table.Row key={m.id}>
            <Table.RowHeaderCell>{m.to_email}</Table.RowHeaderCell>
            <Table.Cell>{statusText(m)}</Table.Cell>
          </Table.Row>
        ))}
        {mail.total > SHOWN && (
          <Table.Row>
            <Table.Cell colSpan={2}>
              <Text size="1" color="gray">
                and {mail.total - SHOWN} more
              </Text>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </Table.Root>
  );
}
