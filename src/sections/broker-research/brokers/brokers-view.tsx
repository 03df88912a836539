// Brokers (spec §2; decision 059): the broker list, searched by name and filtered by broker group, a
// page at a time, each broker opening in Broker Details; beside it the user groups of the broker
// chosen — created, changed, deleted after a question naming the member count — and the members of
// the group opened, added by email or username and removed. Thin: everything comes from selectors.
import { Badge, Box, Button, Card, Flex, Heading, Link, Table, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MIFID_LABELS } from '../../../domain/broker-research';
import { BROKER_LIMITS, type UserGroup } from '../../../domain/broker-research-brokers';
import {
  selectAdding,
  selectBrokerGroups,
  selectBusy,
  selectChosen,
  selectConflict,
  selectDeleteBusy,
  selectDeleting,
  selectError,
  selectFailed,
  selectFieldErrors,
  selectForm,
  selectFormOpen,
  selectFormReady,
  selectGroups,
  selectGroupsLoading,
  selectHasNext,
  selectHasPrevious,
  selectItems,
  selectLoading,
  selectMembers,
  selectMembersLoading,
  selectMemberText,
  selectNotice,
  selectOpen,
  selectRemoveBusy,
  selectRemoving,
  selectQuery,
  selectSaving,
  selectShowsGroups,
} from './brokers.selectors';
import { described, FieldFrame } from '../../../ui/form/field-frame';
import { useTabSearch } from '../tab-search';
import { BrokersCtx } from './brokers-context';
import { Pager } from '../../../ui/shared/pager';
import { ConfirmDialog } from '../../../ui/shared/confirm-dialog';
import { countText } from '../../../domain/format';
import { FormActions } from '../../../ui/form/form-actions';
import { RetryCallout } from '../../../ui/shared/retry-callout';
import { NoticeCallout } from '../../../ui/shared/notice-callout';
import { TableHead } from '../../../ui/shared/table-head';
import { RecordLoading } from '../../../ui/shared/record-section';
import { BrokerNameField } from '../broker-name-field';
import { ChangedCallout } from '../changed-callout';
import { SaveForm } from '../../../ui/form/save-form';
import { NativeSelect } from '../../../ui/form/native-select';

const members = (n: number) => (n === 1 ? '1 member' : `${countText(n)} members`);

/** A small quiet button beside what it acts on; named for its record where the text alone would not say which. */
function SmallAction({
  label,
  color,
  disabled,
  onClick,
  children,
}: {
  label?: string;
  color?: 'gray' | 'red';
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="1" variant="ghost" color={color} disabled={disabled} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

export function BrokersView() {
  const actor = BrokersCtx.useActorRef();
  const failed = BrokersCtx.useSelector(selectFailed);
  const error = BrokersCtx.useSelector(selectError);
  const notice = BrokersCtx.useSelector(selectNotice);
  const conflict = BrokersCtx.useSelector(selectConflict);
  const deleting = BrokersCtx.useSelector(selectDeleting);
  return (
    <Flex direction="column" gap="4">
      <SearchBar />
      {!deleting && <NoticeCallout notice={notice} label="Brokers notice" />}
      {conflict && <ChangedCallout>{conflict}</ChangedCallout>}
      {failed && (
        <RetryCallout
          lead="The brokers could not be loaded."
          error={error}
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      )}
      <Flex gap="4" align="start" wrap="wrap">
        <Box flexGrow="1" flexBasis="420px">
          <BrokerList />
        </Box>
        <Box flexGrow="1" flexBasis="420px">
          <UserGroups />
        </Box>
      </Flex>
      <DeleteDialog />
      <RemoveMemberDialog />
    </Flex>
  );
}

function SearchBar() {
  const actor = BrokersCtx.useActorRef();
  const query = BrokersCtx.useSelector(selectQuery);
  const brokerGroups = BrokersCtx.useSelector(selectBrokerGroups);
  const [text, setText] = useState(query.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'query.set', query: { ...query, q: text.trim(), cursor: '' } });
  };
  return (
    <form role="search" aria-label="Search brokers" onSubmit={submit}>
      <Flex gap="3" align="end" wrap="wrap">
        <Box flexGrow="1" maxWidth="420px">
          <BrokerNameField id="brokers-q" value={text} onChange={setText} />
        </Box>
        <FieldFrame id="brokers-pb" label="Broker group">
          <NativeSelect
            id="brokers-pb"
            value={query.pb}
            onChange={(pb) => actor.send({ type: 'query.set', query: { ...query, pb, cursor: '' } })}
            anyLabel="Every group"
            options={(brokerGroups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          />
        </FieldFrame>
        <Button type="submit">Search</Button>
      </Flex>
    </form>
  );
}

function BrokerList() {
  const actor = BrokersCtx.useActorRef();
  const { openTab } = useTabSearch();
  const items = BrokersCtx.useSelector(selectItems);
  const loading = BrokersCtx.useSelector(selectLoading);
  const busy = BrokersCtx.useSelector(selectBusy);
  const hasNext = BrokersCtx.useSelector(selectHasNext);
  const hasPrevious = BrokersCtx.useSelector(selectHasPrevious);
  const chosen = BrokersCtx.useSelector(selectChosen);
  return (
    <Card asChild>
      <section aria-label="Brokers">
        <Flex direction="column" gap="3">
          {loading && <RecordLoading records="the brokers" named />}
          {!loading && items.length === 0 && (
            <Text size="2" color="gray">
              No broker matches.
            </Text>
          )}
          {items.length > 0 && (
            <Table.Root size="1">
              <TableHead columns={['Broker', 'Group', 'MiFID II', null]} />
              <Table.Body>
                {items.map((b) => (
                  <Table.Row key={b.id} aria-selected={chosen?.id === b.id}>
                    <Table.RowHeaderCell>
                      <Link
                        href={`?tab=broker_details&broker=${b.id}`}
                        onClick={(e) => {
                          e.preventDefault();
                          openTab('broker_details', { broker: String(b.id) });
                        }}
                      >
                        {b.name}
                      </Link>
                      {b.open_access && (
                        <Badge ml="2" color="green">
                          Open access
                        </Badge>
                      )}
                      {b.legal_name && (
                        <Text as="div" size="1" color="gray">
                          {b.legal_name}
                        </Text>
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell>{b.group ?? '—'}</Table.Cell>
                    <Table.Cell>{MIFID_LABELS[b.mifid_status]}</Table.Cell>
                    <Table.Cell>
                      <Button
                        size="1"
                        variant="soft"
                        disabled={busy}
                        style={{ whiteSpace: 'nowrap' }}
                        aria-label={`User groups of ${b.name}`}
                        onClick={() => actor.send({ type: 'broker.choose', broker: { id: b.id, name: b.name } })}
                      >
                        User groups
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          <Pager
            justify="end"
            busy={busy}
            previous={{ go: () => actor.send({ type: 'page.previous' }), disabled: !hasPrevious }}
            next={{ go: () => actor.send({ type: 'page.next' }), disabled: !hasNext }}
          />
        </Flex>
      </section>
    </Card>
  );
}

function UserGroups() {
  const actor = BrokersCtx.useActorRef();
  const chosen = BrokersCtx.useSelector(selectChosen);
  const loading = BrokersCtx.useSelector(selectGroupsLoading);
  const shows = BrokersCtx.useSelector(selectShowsGroups);
  const groups = BrokersCtx.useSelector(selectGroups);
  const formOpen = BrokersCtx.useSelector(selectFormOpen);
  const open = BrokersCtx.useSelector(selectOpen);
  const membersLoading = BrokersCtx.useSelector(selectMembersLoading);
  const busy = BrokersCtx.useSelector(selectBusy);
  if (!chosen)
    return (
      <Text size="2" color="gray">
        Choose User groups on a broker to see the user groups of that broker.
      </Text>
    );
  const idle = shows && !formOpen && !open && !busy;
  return (
    <Card asChild>
      <section aria-label="User groups">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="2">
            <Heading as="h3" size="4">
              User groups of {chosen.name || 'this broker'}
            </Heading>
            <SmallAction color="gray" disabled={busy} onClick={() => actor.send({ type: 'groups.close' })}>
              Close
            </SmallAction>
          </Flex>
          {loading && <RecordLoading records="the user groups" named />}
          {shows && groups.length === 0 && (
            <Text size="2" color="gray">
              This broker has no user group yet.
            </Text>
          )}
          {shows && groups.length > 0 && (
            <Table.Root size="1">
              <TableHead columns={['Name', 'Members', null]} />
              <Table.Body>
                {groups.map((g) => (
                  <Table.Row key={g.id}>
                    <Table.RowHeaderCell>
                      {g.name}
                      {g.description && (
                        <Text as="div" size="1" color="gray">
                          {g.description}
                        </Text>
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell>{members(g.member_count)}</Table.Cell>
                    <Table.Cell>
                      {idle && (
                        <Flex gap="3">
                          <SmallAction
                            label={`Members of ${g.name}`}
                            onClick={() => actor.send({ type: 'members.open', group: g })}
                          >
                            Members
                          </SmallAction>
                          <SmallAction
                            label={`Edit ${g.name}`}
                            onClick={() => actor.send({ type: 'group.edit', group: g })}
                          >
                            Edit
                          </SmallAction>
                          <SmallAction
                            color="red"
                            label={`Delete ${g.name}`}
                            onClick={() => actor.send({ type: 'group.delete', group: g })}
                          >
                            Delete
                          </SmallAction>
                        </Flex>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {idle && (
            <Box>
              <Button size="2" onClick={() => actor.send({ type: 'group.create' })}>
                New user group
              </Button>
            </Box>
          )}
          {formOpen && <GroupForm />}
          {membersLoading && <RecordLoading records="the members" named />}
          {open && <Members group={open} />}
        </Flex>
      </section>
    </Card>
  );
}

function GroupForm() {
  const actor = BrokersCtx.useActorRef();
  const form = BrokersCtx.useSelector(selectForm);
  const ready = BrokersCtx.useSelector(selectFormReady);
  const saving = BrokersCtx.useSelector(selectSaving);
  const errors = BrokersCtx.useSelector(selectFieldErrors);
  if (!form) return null;
  return (
    <SaveForm label="User group" canSave={ready && !saving} onSave={() => actor.send({ type: 'form.save' })}>
      <Flex direction="column" gap="3">
        <Heading as="h4" size="3">
          {form.group === null ? 'New user group' : `Edit ${form.base.name}`}
        </Heading>
        <FieldFrame id="group-name" label="Name" error={errors['name']}>
          <TextField.Root
            id="group-name"
            value={form.values.name}
            maxLength={BROKER_LIMITS.groupName}
            disabled={saving}
            {...described('group-name', errors['name'])}
            onChange={(e) => actor.send({ type: 'form.field', field: 'name', value: e.target.value })}
          />
        </FieldFrame>
        <FieldFrame id="group-description" label="Description" error={errors['description']}>
          <TextArea
            id="group-description"
            value={form.values.description}
            maxLength={BROKER_LIMITS.description}
            disabled={saving}
            {...described('group-description', errors['description'])}
            onChange={(e) => actor.send({ type: 'form.field', field: 'description', value: e.target.value })}
          />
        </FieldFrame>
        <FormActions
          error={errors['_']}
          saving={saving}
          submitLabel={form.group === null ? 'Create' : 'Save'}
          submitDisabled={!ready || saving}
          leaveDisabled={saving}
          onLeave={() => actor.send({ type: 'form.cancel' })}
        />
      </Flex>
    </SaveForm>
  );
}

function Members({ group }: { group: UserGroup }) {
  const actor = BrokersCtx.useActorRef();
  const list = BrokersCtx.useSelector(selectMembers);
  const text = BrokersCtx.useSelector(selectMemberText);
  const adding = BrokersCtx.useSelector(selectAdding);
  const busy = BrokersCtx.useSelector(selectBusy);
  const errors = BrokersCtx.useSelector(selectFieldErrors);
  return (
    <Card asChild variant="surface">
      <section aria-label={`Members of ${group.name}`}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center">
            <Heading as="h4" size="3">
              Members of {group.name}
            </Heading>
            <SmallAction color="gray" disabled={busy} onClick={() => actor.send({ type: 'members.close' })}>
              Close members
            </SmallAction>
          </Flex>
          {list.length === 0 ? (
            <Text size="2" color="gray">
              No member yet.
            </Text>
          ) : (
            <ul aria-label="Members" style={{ margin: 0, paddingLeft: '1.2em' }}>
              {list.map((m) => (
                <li key={m.id}>
                  <Flex gap="3" align="center">
                    <Text size="2">
                      {m.name} ({m.username}, {m.email})
                    </Text>
                    <SmallAction
                      color="red"
                      disabled={busy}
                      label={`Remove ${m.username}`}
                      onClick={() => actor.send({ type: 'member.remove', member: m })}
                    >
                      Remove
                    </SmallAction>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
          <form
            aria-label="Add members"
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim() && !busy) actor.send({ type: 'members.add' });
            }}
          >
            <Flex direction="column" gap="2">
              <FieldFrame
                id="group-users"
                label="Emails or usernames"
                error={errors['users']}
                hint="One a line, or separated by commas; live users only."
              >
                <TextArea
                  id="group-users"
                  value={text}
                  disabled={adding}
                  {...described('group-users', errors['users'], 'hint')}
                  onChange={(e) => actor.send({ type: 'members.text', value: e.target.value })}
                />
              </FieldFrame>
              <Box>
                <Button type="submit" disabled={busy || text.trim() === ''}>
                  {adding ? 'Adding…' : 'Add'}
                </Button>
              </Box>
            </Flex>
          </form>
        </Flex>
      </section>
    </Card>
  );
}

function DeleteDialog() {
  const actor = BrokersCtx.useActorRef();
  const group = BrokersCtx.useSelector(selectDeleting);
  const busy = BrokersCtx.useSelector(selectDeleteBusy);
  const notice = BrokersCtx.useSelector(selectNotice);
  return (
    <ConfirmDialog
      open={group !== null}
      title={`Delete ${group?.name ?? ''}?`}
      action="Delete"
      busy={busy}
      details={<NoticeCallout notice={notice} label="Brokers notice" />}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
    >
      {group &&
        (group.member_count === 0
          ? 'It has no members.'
          : `Its ${members(group.member_count)} will no longer be in it.`)}{' '}
      This cannot be undone.
    </ConfirmDialog>
  );
}

function RemoveMemberDialog() {
  const actor = BrokersCtx.useActorRef();
  const group = BrokersCtx.useSelector(selectOpen);
  const member = BrokersCtx.useSelector(selectRemoving);
  const busy = BrokersCtx.useSelector(selectRemoveBusy);
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Remove ${member?.username ?? ''} from ${group?.name ?? ''}?`}
      action="Remove"
      busy={busy}
      onConfirm={() => actor.send({ type: 'remove.confirm' })}
      onCancel={() => actor.send({ type: 'remove.cancel' })}
    >
      {member && `${member.name} (${member.email}) will no longer read this broker's research through the group.`}
    </ConfirmDialog>
  );
}
