// One group as a disclosure (decision 099): its header (name, kind, member count, the actions)
// always, and the notice of what was just done to it; open, its switches (each saved at once), its
// members a page at a time with Remove, and Add member over the organization's users who are not
// yet members. Read only: no control that changes anything.
import { Badge, Box, Button, Card, Flex, Text, TextField } from '@radix-ui/themes';
import { useMemo, useState, type FormEvent } from 'react';
import {
  COMPLIANCE_LABELS,
  COMPLIANCE_SWITCHES,
  GROUP_FEATURE_LABELS,
  GROUP_FEATURES,
  GROUP_KIND_LABELS,
  type Group,
} from '../../domain/groups';
import type { Notice } from '../../machines/shared/notice';
import { candidatesFor, selectBusy, selectChange, selectMore, selectMoreError, selectTotal } from './groups.selectors';
import type { SwitchKey } from './groups.types';
import { HistoryButton } from '../record-history/history-button';
import { GroupsCtx } from './groups-context';
import { RecordAction, RecordActions, RecordDeleteAction } from '../../ui/shared/record-table';
import { RecordNotice } from '../../ui/shared/record-section';
import { SavedSwitch } from '../../ui/form/saved-switch';
import { RowRemoveButton } from '../../ui/shared/row-remove-button';
import { countWords, DisclosureHeading, MemberList } from './member-list';

/** Suggestions offered while typing a member to add. */
const SUGGESTIONS = 50;

export function GroupCard({
  group,
  readOnly,
  mayCompliance,
  open,
  onToggle,
  needle,
  notice,
}: {
  group: Group;
  readOnly: boolean;
  mayCompliance: boolean;
  open: boolean;
  onToggle: () => void;
  /** The filter's words ('' shows every member). */
  needle: string;
  /** What was just done to this group, said by it. */
  notice: Notice | null;
}) {
  const editor = GroupsCtx.useActorRef();
  const busy = GroupsCtx.useSelector(selectBusy);
  const change = GroupsCtx.useSelector(selectChange);
  const saving = (key: SwitchKey) => change?.kind === 'switch' && change.groupId === group.id && change.key === key;
  const switches: SwitchKey[] = [...GROUP_FEATURES, ...(mayCompliance ? COMPLIANCE_SWITCHES : [])];
  const label = (key: SwitchKey) =>
    key in GROUP_FEATURE_LABELS
      ? GROUP_FEATURE_LABELS[key as keyof typeof GROUP_FEATURE_LABELS]
      : COMPLIANCE_LABELS[key as keyof typeof COMPLIANCE_LABELS];
  const members = group.members;
  const count = group.members_count ?? members.length;
  const total = GroupsCtx.useSelector((s) => selectTotal(s, String(group.id))) ?? count;
  const more = GroupsCtx.useSelector(selectMore);
  const moreError = GroupsCtx.useSelector(selectMoreError);
  const bodyId = `group-${group.id}-body`;
  return (
    <Card role="region" aria-label={`Group ${group.name}`}>
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Flex align="center" gap="2">
          <DisclosureHeading id={bodyId} open={open} onToggle={onToggle}>
            {group.name}
          </DisclosureHeading>
          <Badge color="gray">{GROUP_KIND_LABELS[group.kind]}</Badge>
          <Text size="1" color="gray">
            {countWords(count, total, needle !== '', 'member')}
          </Text>
        </Flex>
        {/* /view_groups stays without controls; its History is Group Management's. */}
        {!readOnly && (
          <RecordActions>
            <HistoryButton kind="group" id={group.id} name={group.name} />
            <RecordAction
              label={`Rename ${group.name}`}
              disabled={busy}
              onClick={() => editor.send({ type: 'group.rename', id: group.id })}
            >
              Rename
            </RecordAction>
            <RecordDeleteAction
              record={group.name}
              disabled={busy}
              onClick={() => editor.send({ type: 'group.delete', id: group.id })}
            />
          </RecordActions>
        )}
      </Flex>
      {notice && (
        <Box mt="3">
          <RecordNotice notice={notice} label="Groups notice" alertOnError />
        </Box>
      )}
      {open && (
        <Box id={bodyId}>
          {readOnly ? (
            // Read only: the switches that are on, as words (a disabled switch hides whether it is on).
            <Flex gap="2" wrap="wrap" mt="3" aria-label={`Switches of ${group.name}`}>
              {switches
                .filter((key) => group.flags[key])
                .map((key) => (
                  <Badge key={key} color="blue" variant="soft">
                    {label(key)}: on
                  </Badge>
                ))}
              {switches.every((key) => !group.flags[key]) && (
                <Text size="2" color="gray">
                  No switch on.
                </Text>
              )}
            </Flex>
          ) : (
            <Flex gap="4" wrap="wrap" mt="3">
              {switches.map((key) => (
                <SavedSwitch
                  key={key}
                  checked={group.flags[key]}
                  disabled={busy}
                  saving={saving(key)}
                  onToggle={() => editor.send({ type: 'switch.toggle', id: group.id, key })}
                >
                  {label(key)}
                </SavedSwitch>
              ))}
            </Flex>
          )}
          <Box mt="3">
            {count === 0 ? (
              <Text size="2" color="gray">
                No members yet.
              </Text>
            ) : (
              <MemberList
                label={`Members of ${group.name}`}
                members={members}
                count={count}
                onMore={group.members_next ? () => editor.send({ type: 'members.more', list: group.id }) : undefined}
                loading={more === group.id}
                error={moreError?.list === group.id ? moreError.message : null}
                action={
                  readOnly
                    ? undefined
                    : (m) => (
                        <RowRemoveButton
                          ghost
                          label={`Remove ${m.username} from ${group.name}`}
                          disabled={busy}
                          onClick={() => editor.send({ type: 'member.remove', id: group.id, userId: m.id })}
                        >
                          Remove
                        </RowRemoveButton>
                      )
                }
              />
            )}
          </Box>
          {!readOnly && <AddMember group={group} />}
        </Box>
      )}
    </Card>
  );
}

/** The organization's users in no group, as a group's members are shown (no Remove, no Add). */
export function NoGroupCard({
  users,
  count,
  hasMore,
  open,
  onToggle,
  needle,
}: {
  users: Group['members'];
  /** How many there are (that the filter holds), read or not. */
  count: number;
  hasMore: boolean;
  open: boolean;
  onToggle: () => void;
  needle: string;
}) {
  const editor = GroupsCtx.useActorRef();
  const total = GroupsCtx.useSelector((s) => selectTotal(s, 'none')) ?? count;
  const more = GroupsCtx.useSelector(selectMore);
  const moreError = GroupsCtx.useSelector(selectMoreError);
  return (
    <Card role="region" aria-label="Users in no group">
      <Flex align="center" gap="2">
        <DisclosureHeading id="no-group-body" open={open} onToggle={onToggle}>
          Users in no group
        </DisclosureHeading>
        <Text size="1" color="gray">
          {countWords(count, total, needle !== '', 'user')}
        </Text>
      </Flex>
      {open && (
        <Box id="no-group-body" mt="3">
          <MemberList
            label="Users in no group"
            members={users}
            count={count}
            onMore={hasMore ? () => editor.send({ type: 'members.more', list: 'none' }) : undefined}
            loading={more === 'none'}
            error={moreError?.list === 'none' ? moreError.message : null}
          />
        </Box>
      )}
    </Card>
  );
}

/** Type a username or email (suggestions from the organization's users), then Add. */
function AddMember({ group }: { group: Group }) {
  const editor = GroupsCtx.useActorRef();
  const busy = GroupsCtx.useSelector(selectBusy);
  const candidates = GroupsCtx.useSelector(
    (s) => candidatesFor(s, group.id),
    (a, b) => a.length === b.length && a.every((x, i) => x.id === b[i]!.id),
  );
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listId = `group-${group.id}-candidates`;
  const needle = text.trim().toLowerCase();
  const suggestions = useMemo(
    () =>
      needle === ''
        ? candidates.slice(0, SUGGESTIONS)
        : candidates
            .filter(
              (u) =>
                u.username.toLowerCase().includes(needle) ||
                u.email.toLowerCase().includes(needle) ||
                u.name.toLowerCase().includes(needle),
            )
            .slice(0, SUGGESTIONS),
    [candidates, needle],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const user = candidates.find((u) => u.username.toLowerCase() === needle || u.email.toLowerCase() === needle);
    if (!user) {
      setError(
        needle === ''
          ? 'Type a username or email.'
          : 'No user of this organization outside the group has this username or email.',
      );
      return;
    }
    setError(null);
    setText('');
    editor.send({ type: 'member.add', id: group.id, userIds: [user.id] });
  };
  return (
    <form onSubmit={submit} aria-label={`Add member to ${group.name}`}>
      <Flex gap="2" mt="3" align="start">
        <Box style={{ flex: 1, maxWidth: 360 }}>
          <TextField.Root
            size="1"
            value={text}
            list={listId}
            placeholder="Username or email"
            aria-label={`Member to add to ${group.name}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <datalist id={listId}>
            {suggestions.map((u) => (
              <option key={u.id} value={u.username}>
                {u.name} · {u.email}
              </option>
            ))}
          </datalist>
          {error && (
            <Text as="p" size="1" color="red" mt="1">
              {error}
            </Text>
          )}
        </Box>
        <Button size="1" type="submit" disabled={busy}>
          Add member
        </Button>
      </Flex>
    </form>
  );
}
