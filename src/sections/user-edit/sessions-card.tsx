// The user's live sessions (created, last seen, expires), ended one by one or all at once after
// a confirmation, from the Sessions tab's machine; End all sessions only when there is one to end. The caller's own current session is marked and
// cannot be ended here (Logout).
import { Badge, Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { userSessionsMachine } from './user-sessions.machine';
import { selectSessionsTab } from './user-sessions.selectors';
import { ScreenTheme } from '../../ui/screen-theme';
import { timeText } from '../../domain/format';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { TableHead } from '../../ui/shared/table-head';
import { NoticeCallout } from '../../ui/shared/notice-callout';
import { RecordLoading } from '../../ui/shared/record-section';
import { RowRemoveButton } from '../../ui/shared/row-remove-button';

export function SessionsCard({
  actor,
  userName,
}: {
  actor: ActorRefFrom<typeof userSessionsMachine>;
  userName: string;
}) {
  const { sessions, loading, failed, ending, busy, message, canEnd } = useSelector(
    actor,
    selectSessionsTab,
    shallowEqual,
  );
  // Offered only while there is a session to end (not while the list is read).
  const offersEndAll = !loading && !failed && sessions.some((s) => !s.current);
  return (
    <Card>
      <Flex align="center" justify="between" mb="3" gap="3">
        <Heading as="h3" size="3">
          Active sessions
        </Heading>
        {offersEndAll && (
          <Button color="red" variant="soft" disabled={!canEnd} onClick={() => actor.send({ type: 'sessions.endAll' })}>
            End all sessions
          </Button>
        )}
      </Flex>
      <NoticeCallout notice={message} alertOnError mb="3" />
      {loading && <RecordLoading records="sessions" />}
      {failed && (
        <Flex align="center" gap="3">
          <Text size="2" color="red">
            The sessions could not be loaded.
          </Text>
          <Button size="1" variant="soft" onClick={() => actor.send({ type: 'sessions.retry' })}>
            Retry
          </Button>
        </Flex>
      )}
      {!loading && !failed && sessions.length === 0 && (
        <Text size="2" color="gray">
          {userName} has no active sessions.
        </Text>
      )}
      {!loading && !failed && sessions.length > 0 && (
        <Table.Root size="1">
          <VisuallyHidden asChild>
            <caption>Active sessions</caption>
          </VisuallyHidden>
          <TableHead columns={['Session', 'Created', 'Last seen', 'Expires']}>
            <Table.ColumnHeaderCell>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeaderCell>
          </TableHead>
          <Table.Body>
            {sessions.map((s) => (
              <Table.Row key={s.key}>
                <Table.RowHeaderCell>
                  <Flex gap="2" align="center">
                    <code>{s.key}</code>
                    {s.current && <Badge color="blue">This session (you)</Badge>}
                    {s.stage === 'pending_otp' && <Badge color="gray">Waiting for code</Badge>}
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell>{timeText(s.created_at)}</Table.Cell>
                <Table.Cell>{timeText(s.last_seen_at)}</Table.Cell>
                <Table.Cell>{timeText(s.expires_at)}</Table.Cell>
                <Table.Cell>
                  {s.current ? (
                    <Text size="1" color="gray">
                      Use Logout
                    </Text>
                  ) : (
                    <RowRemoveButton
                      label={`End session ${s.key}`}
                      disabled={!canEnd}
                      onClick={() => actor.send({ type: 'sessions.end', key: s.key })}
                    >
                      End session
                    </RowRemoveButton>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <ScreenTheme>
        <ConfirmDialog
          open={ending !== null}
          title={ending?.length ? 'End this session?' : 'End all sessions?'}
          action={ending?.length ? 'End session' : 'End all sessions'}
          busy={busy}
          maxWidth="420px"
          onConfirm={() => actor.send({ type: 'sessions.confirm' })}
          onCancel={() => actor.send({ type: 'sessions.cancel' })}
        >
          {ending?.length
            ? `Session ${ending[0]} of ${userName} ends now; its next request is refused and they must sign in again.`
            : `Every session of ${userName} ends now${sessions.some((s) => s.current) ? ' except the one you are using' : ''}; they must sign in again.`}
        </ConfirmDialog>
      </ScreenTheme>
    </Card>
  );
}
