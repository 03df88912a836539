// A group's members: a filter, then the list virtualised (@tanstack/react-virtual, as Restrict
// Broker's lists): rows of 32 px in a list 400 px high, so 10,000 members scroll smoothly. Each
// row's Remove asks first.
import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { MEMBER_LIST_HEIGHT_PX, MEMBER_ROW_HEIGHT_PX } from '../../domain/groups-v2';
import {
  selectConfirming,
  selectError,
  selectFilter,
  selectGroup,
  selectGroupLoadFailed,
  selectGroupLoading,
  selectMemberCount,
  selectNotice,
  selectRemoving,
  selectRemovingNow,
  selectShownMembers,
  selectTruncated,
} from './groups-v2.selectors';
import { GroupBrowserCtx } from './groups-v2-context';
import { ReadFailed, ReadUnderWay } from './read-status';
import { countText } from '../../domain/format';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { VirtualList } from '../../ui/shared/virtual-list';
import { RowRemoveButton } from '../../ui/shared/row-remove-button';

export function GroupMembers() {
  const browser = GroupBrowserCtx.useActorRef();
  const loading = GroupBrowserCtx.useSelector(selectGroupLoading);
  const loadFailed = GroupBrowserCtx.useSelector(selectGroupLoadFailed);
  const error = GroupBrowserCtx.useSelector(selectError);
  const notice = GroupBrowserCtx.useSelector(selectNotice);
  return (
    <Card role="region" aria-labelledby="group-members-heading" style={{ flex: 1, minWidth: 320 }}>
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3" id="group-members-heading">
          Members
        </Heading>
        {notice && (
          <Callout.Root color="blue" size="1" role="status">
            <Callout.Text>{notice}</Callout.Text>
          </Callout.Root>
        )}
        {error && !loadFailed && (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>The member was not removed: {error}</Callout.Text>
          </Callout.Root>
        )}
        {loading && <ReadUnderWay>Loading the members…</ReadUnderWay>}
        {loadFailed && (
          <ReadFailed onRetry={() => browser.send({ type: 'group.retry' })}>
            The members could not be loaded: {error}
          </ReadFailed>
        )}
        {!loading && !loadFailed && <MemberList />}
      </Flex>
      <ConfirmRemoval />
    </Card>
  );
}

function MemberList() {
  const browser = GroupBrowserCtx.useActorRef();
  const rows = GroupBrowserCtx.useSelector(selectShownMembers);
  const total = GroupBrowserCtx.useSelector(selectMemberCount);
  const truncated = GroupBrowserCtx.useSelector(selectTruncated);
  const filter = GroupBrowserCtx.useSelector(selectFilter);
  const busy = GroupBrowserCtx.useSelector(selectRemovingNow);
  return (
    <Flex direction="column" gap="2">
      <Flex justify="between" align="baseline" gap="3">
        <TextField.Root
          aria-label="Filter members"
          placeholder="Filter by username, email, name or id"
          value={filter}
          style={{ flex: 1 }}
          onChange={(e) => browser.send({ type: 'members.filter', text: e.target.value })}
        />
        <Button size="1" variant="soft" color="gray" onClick={() => browser.send({ type: 'members.reload' })}>
          Reload
        </Button>
      </Flex>
      <Text size="1" color="gray" aria-live="polite" data-count>
        {rows.length === total
          ? `${countText(total)} ${total === 1 ? 'member' : 'members'}`
          : `${countText(rows.length)} of ${countText(total)} shown`}
        {truncated ? ` (the first ${countText(total)}; the group holds more)` : ''}
      </Text>
      <VirtualList
        rows={rows}
        height={MEMBER_LIST_HEIGHT_PX}
        rowHeight={MEMBER_ROW_HEIGHT_PX}
        label="Members"
        empty={total === 0 ? 'No members yet.' : `No member matches “${filter.trim()}”.`}
      >
        {(m) => (
          <>
            <Text size="2" weight="medium" truncate style={{ width: 160 }}>
              {m.username}
            </Text>
            <Text size="2" color="gray" truncate style={{ flex: 1 }}>
              {m.email}
            </Text>
            <RowRemoveButton
              ghost
              label={`Remove ${m.username}`}
              disabled={busy}
              onClick={() => browser.send({ type: 'member.remove', member: m })}
            >
              Remove
            </RowRemoveButton>
          </>
        )}
      </VirtualList>
    </Flex>
  );
}

function ConfirmRemoval() {
  const browser = GroupBrowserCtx.useActorRef();
  const open = GroupBrowserCtx.useSelector(selectConfirming);
  const member = GroupBrowserCtx.useSelector(selectRemoving);
  const group = GroupBrowserCtx.useSelector(selectGroup);
  return (
    <ConfirmDialog
      open={open}
      title={`Remove ${member?.username ?? ''}?`}
      action="Remove"
      maxWidth="460px"
      onConfirm={() => browser.send({ type: 'remove.confirm' })}
      onCancel={() => browser.send({ type: 'remove.cancel' })}
    >
      {member?.username} ({member?.email}) leaves {group?.name}.
    </ConfirmDialog>
  );
}
