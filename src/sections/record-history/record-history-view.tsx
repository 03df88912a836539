// A record's History tab (decision 062): the machine's actor for one record and the view — its
// entries newest first (when, who, what, the result) each with its change field by field, and
// Load more while there are more. Thin: everything comes from selectors.
import { Badge, Box, Callout, Card, Flex, Text } from '@radix-ui/themes';
import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { auditCategoryLabel, type RecordKind } from '../../domain/audit-log';
import { liveRecordHistoryMachine } from './record-history.live';
import { recordHistoryMachine } from './record-history.machine';
import {
  selectEntries,
  selectError,
  selectFailed,
  selectLoading,
  selectLoadingMore,
  selectNext,
  selectNotice,
} from './record-history.selectors';
import { useInspect } from '../../ui/console-context';
import { ChangesTable } from './changes-table';
import { LoadMore } from '../../ui/shared/pager';
import { timeTextToSecond } from '../../domain/format';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { RecordLoading, RecordStatus } from '../../ui/shared/record-section';

export const RecordHistoryCtx = createActorContext(recordHistoryMachine);

export function RecordHistoryScope({ kind, id, children }: { kind: RecordKind; id: number; children: ReactNode }) {
  return (
    <RecordHistoryCtx.Provider
      key={`${kind}.${id}`}
      logic={liveRecordHistoryMachine}
      options={{ input: { kind, id }, inspect: useInspect() }}
    >
      {children}
    </RecordHistoryCtx.Provider>
  );
}

export function RecordHistoryView() {
  const actor = RecordHistoryCtx.useActorRef();
  const loading = RecordHistoryCtx.useSelector(selectLoading);
  const failed = RecordHistoryCtx.useSelector(selectFailed);
  const error = RecordHistoryCtx.useSelector(selectError);
  const entries = RecordHistoryCtx.useSelector(selectEntries);
  const next = RecordHistoryCtx.useSelector(selectNext);
  const more = RecordHistoryCtx.useSelector(selectLoadingMore);
  const notice = RecordHistoryCtx.useSelector(selectNotice);
  if (loading) return <RecordLoading records="history" named />;
  if (failed) {
    return <RetryCallout error={error} onRetry={() => actor.send({ type: 'list.retry' })} />;
  }
  return (
    <Flex direction="column" gap="3">
      {entries.length === 0 && (
        <RecordStatus label="No history">Nothing has been recorded about this record yet.</RecordStatus>
      )}
      <Flex direction="column" gap="2" role="list" aria-label="History">
        {entries.map((e) => (
          <Card key={e.id} role="listitem" aria-label={e.action}>
            <Flex gap="2" align="center" wrap="wrap">
              <Text size="2" weight="medium">
                {e.action}
              </Text>
              <Badge color="gray">{auditCategoryLabel(e.category)}</Badge>
              {!e.success && <Badge color="red">Failed</Badge>}
            </Flex>
            <Text as="p" size="1" color="gray">
              {timeTextToSecond(e.created_at)} · by {e.author}
            </Text>
            <Box mt="2">
              <ChangesTable changes={e.changes} caption={`Changes: ${e.action}`} />
            </Box>
          </Card>
        ))}
      </Flex>
      {notice && (
        <Callout.Root color="red" role="status" aria-label="History notice">
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      {next !== null && <LoadMore loading={more} go={() => actor.send({ type: 'history.more' })} />}
    </Flex>
  );
}
