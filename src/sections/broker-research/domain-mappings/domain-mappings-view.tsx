// Broker Domain Mappings, the view: the search (a domain's or a broker's name's start), the broker
// the list is narrowed to, the table (domain, broker, users recognised, last change), Previous and
// Next, the add and edit form with its broker picker, and the removal's confirmation. Thin:
// everything comes from selectors; every control sends an event.
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Table,
  Text,
  TextField,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useState, type KeyboardEvent } from 'react';
import { type DomainMapping } from '../../../domain/broker-research-domain-mappings';
import {
  selectBrokerChoices,
  selectBusy,
  selectConflict,
  selectError,
  selectFailed,
  selectFieldErrors,
  selectFinding,
  selectForm,
  selectFormChanged,
  selectFormOpen,
  selectHasNext,
  selectHasPrevious,
  selectItems,
  selectLeaving,
  selectLoaded,
  selectLoading,
  selectNotice,
  selectQuery,
  selectRecognised,
  selectRecognisedLoading,
  selectRemoveBusy,
  selectRemoving,
  selectRowsActionable,
  selectSaving,
} from './domain-mappings.selectors';
import type { Notice } from '../../../machines/shared/notice';
import { described, FieldFrame } from '../../../ui/form/field-frame';
import { DomainMappingsCtx } from './domain-mappings-context';
import { Pager } from '../../../ui/shared/pager';
import { timeText, countText } from '../../../domain/format';
import { ConfirmDialog } from '../../../ui/shared/confirm-dialog';
import { FormActions } from '../../../ui/form/form-actions';
import { RetryCallout } from '../../../ui/shared/retry-callout';
import { NoticeCallout } from '../../../ui/shared/notice-callout';
import { TableHead } from '../../../ui/shared/table-head';
import { RecordLoading } from '../../../ui/shared/record-section';
import { RecordAction, RecordActions } from '../../../ui/shared/record-table';
import { ChangedCallout } from '../changed-callout';
import { SaveForm } from '../../../ui/form/save-form';

const DOMAIN_HINT = "Lower case, without '@', such as research.example.com.";
const usersText = (n: number) => (n === 1 ? '1 user' : `${countText(n)} users`);

export function DomainMappingsView() {
  const actor = DomainMappingsCtx.useActorRef();
  const loading = DomainMappingsCtx.useSelector(selectLoading);
  const loaded = DomainMappingsCtx.useSelector(selectLoaded);
  const failed = DomainMappingsCtx.useSelector(selectFailed);
  const error = DomainMappingsCtx.useSelector(selectError);
  const notice = DomainMappingsCtx.useSelector(selectNotice);
  const query = DomainMappingsCtx.useSelector(selectQuery);
  const items = DomainMappingsCtx.useSelector(selectItems);
  const actionable = DomainMappingsCtx.useSelector(selectRowsActionable);
  const hasNext = DomainMappingsCtx.useSelector(selectHasNext);
  const hasPrevious = DomainMappingsCtx.useSelector(selectHasPrevious);
  const formOpen = DomainMappingsCtx.useSelector(selectFormOpen);
  const removing = DomainMappingsCtx.useSelector(selectRemoving);
  const searchable = actionable || failed;
  const brokerName = items.find((m) => String(m.broker_id) === query.broker)?.broker_name ?? `broker #${query.broker}`;
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" color="gray">
        An email domain names one broker: users with an email at that domain are recognised as the broker’s staff.
      </Text>
      <Flex gap="3" align="end" wrap="wrap">
        <SearchForm
          key={query.q}
          text={query.q}
          disabled={!searchable}
          onSearch={(q) => actor.send({ type: 'query.set', query: { ...query, q, cursor: '' } })}
        />
        {query.broker !== '' && (
          <Flex gap="2" align="center" aria-label="Broker shown">
            <Badge size="2">Only {brokerName}</Badge>
            <Button
              size="1"
              variant="soft"
              color="gray"
              disabled={!searchable}
              onClick={() => actor.send({ type: 'query.set', query: { ...query, broker: '', cursor: '' } })}
            >
              Show every broker
            </Button>
          </Flex>
        )}
        <Box flexGrow="1" />
        <Button disabled={!actionable} onClick={() => actor.send({ type: 'add.open' })}>
          Add a mapping
        </Button>
      </Flex>
      {!removing && <NoticeCallout notice={notice} label="Domain mappings notice" />}
      {failed && (
        <RetryCallout
          lead="The broker domain mappings could not be loaded."
          error={error}
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      )}
      {formOpen && <MappingForm />}
      <RecognisedPanel />
      {loading && <RecordLoading records="the broker domain mappings" named />}
      {loaded &&
        !failed &&
        (items.length === 0 ? (
          <Text as="p" size="2" aria-label="No mappings">
            {query.q || query.broker ? 'No mapping matches.' : 'No domain names a broker yet.'}
          </Text>
        ) : (
          <MappingTable
            items={items}
            actionable={actionable}
            onBroker={(id) => actor.send({ type: 'query.set', query: { q: '', broker: String(id), cursor: '' } })}
          />
        ))}
      {(hasPrevious || hasNext) && (
        <Pager
          previous={{ go: () => actor.send({ type: 'page.previous' }), disabled: !hasPrevious }}
          next={{ go: () => actor.send({ type: 'page.next' }), disabled: !hasNext }}
        />
      )}
      <RemoveDialog mapping={removing} notice={notice} />
    </Flex>
  );
}

function SearchForm({ text, disabled, onSearch }: { text: string; disabled: boolean; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(text);
  return (
    <form
      role="search"
      aria-label="Search broker domain mappings"
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) onSearch(value.trim());
      }}
    >
      <Flex gap="2" align="end">
        <Box>
          <Text as="label" htmlFor="dm-search" size="2" weight="medium" mb="1" style={{ display: 'block' }}>
            Domain or broker name starts with
          </Text>
          <TextField.Root
            id="dm-search"
            value={value}
            maxLength={200}
            placeholder="research.apex"
            onChange={(e) => setValue(e.target.value)}
            style={{ width: 260 }}
          />
        </Box>
        <Button type="submit" variant="soft" disabled={disabled}>
          Search
        </Button>
      </Flex>
    </form>
  );
}

function MappingTable({
  items,
  actionable,
  onBroker,
}: {
  items: DomainMapping[];
  actionable: boolean;
  onBroker: (id: number) => void;
}) {
  const actor = DomainMappingsCtx.useActorRef();
  return (
    <Table.Root variant="surface">
      <caption>
        <VisuallyHidden>Broker domain mappings</VisuallyHidden>
      </caption>
      <TableHead columns={['Domain', 'Broker', 'Users recognised', 'Last changed']}>
        <Table.ColumnHeaderCell>
          <VisuallyHidden>Actions</VisuallyHidden>
        </Table.ColumnHeaderCell>
      </TableHead>
      <Table.Body>
        {items.map((m) => (
          <Table.Row key={m.id} aria-label={m.domain}>
            <Table.RowHeaderCell>{m.domain}</Table.RowHeaderCell>
            <Table.Cell>
              <Button
                variant="ghost"
                size="1"
                disabled={!actionable}
                aria-label={`Only ${m.broker_name}`}
                onClick={() => onBroker(m.broker_id)}
              >
                {m.broker_name}
              </Button>
            </Table.Cell>
            <Table.Cell>
              {m.users > 0 ? (
                <Button
                  variant="ghost"
                  size="1"
                  disabled={!actionable}
                  aria-label={`Users at ${m.domain}`}
                  onClick={() => actor.send({ type: 'users.open', mapping: m })}
                >
                  {usersText(m.users)}
                </Button>
              ) : (
                usersText(0)
              )}
            </Table.Cell>
            <Table.Cell>
              {m.updated_by}, {timeText(m.updated_at)}
            </Table.Cell>
            <Table.Cell>
              <RecordActions justify="end">
                <RecordAction
                  label={`Edit ${m.domain}`}
                  disabled={!actionable}
                  onClick={() => actor.send({ type: 'edit.open', mapping: m })}
                >
                  Edit
                </RecordAction>
                <RecordAction
                  label={`Remove ${m.domain}`}
                  color="red"
                  disabled={!actionable}
                  onClick={() => actor.send({ type: 'remove.open', mapping: m })}
                >
                  Remove
                </RecordAction>
              </RecordActions>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function MappingForm() {
  const actor = DomainMappingsCtx.useActorRef();
  const form = DomainMappingsCtx.useSelector(selectForm)!;
  const busy = DomainMappingsCtx.useSelector(selectBusy);
  const saving = DomainMappingsCtx.useSelector(selectSaving);
  const finding = DomainMappingsCtx.useSelector(selectFinding);
  const leaving = DomainMappingsCtx.useSelector(selectLeaving);
  const changed = DomainMappingsCtx.useSelector(selectFormChanged);
  const conflict = DomainMappingsCtx.useSelector(selectConflict);
  const errors = DomainMappingsCtx.useSelector(selectFieldErrors);
  const choices = DomainMappingsCtx.useSelector(selectBrokerChoices);
  const [find, setFind] = useState('');
  const title = form.mode === 'add' ? 'Add a broker domain mapping' : `Edit the mapping of ${form.base.domain}`;
  const complete = form.values.domain.trim() !== '' && form.values.broker !== null;
  const savable = (changed || conflict !== null) && complete && !busy && !leaving;
  const findBroker = () => actor.send({ type: 'broker.find', text: find.trim() });
  const onFindKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!busy && !finding) findBroker();
  };
  return (
    <Card asChild>
      <SaveForm label={title} canSave={savable} onSave={() => actor.send({ type: 'form.save' })}>
        <Flex direction="column" gap="3" maxWidth="560px">
          <Heading as="h3" size="3">
            {title}
          </Heading>
          {conflict && (
            <ChangedCallout>
              {conflict.msg} Now stored: {conflict.current.domain} names {conflict.current.broker_name}. Save again to
              replace it with yours, or Cancel to keep theirs.
            </ChangedCallout>
          )}
          <FieldFrame id="dm-domain" label="Domain" error={errors['domain']} hint={DOMAIN_HINT}>
            <TextField.Root
              id="dm-domain"
              value={form.values.domain}
              maxLength={253}
              disabled={busy || leaving}
              autoComplete="off"
              onChange={(e) => actor.send({ type: 'form.domain', value: e.target.value })}
              {...described('dm-domain', errors['domain'], DOMAIN_HINT)}
            />
          </FieldFrame>
          <FieldFrame id="dm-broker-find" label="Broker" error={errors['broker_id']}>
            <Text as="p" size="2" mb="2" aria-label="Chosen broker">
              {form.values.broker ? `Chosen: ${form.values.broker.name}` : 'No broker chosen yet.'}
            </Text>
            <Flex gap="2">
              <TextField.Root
                id="dm-broker-find"
                value={find}
                maxLength={200}
                placeholder="Find a broker by the start of its name"
                disabled={busy || leaving}
                onChange={(e) => setFind(e.target.value)}
                onKeyDown={onFindKey}
                {...described('dm-broker-find', errors['broker_id'])}
                style={{ width: 300 }}
              />
              <Button type="button" variant="soft" disabled={busy || leaving || finding} onClick={findBroker}>
                {finding ? 'Finding…' : 'Find'}
              </Button>
            </Flex>
            {choices &&
              (choices.length === 0 ? (
                !errors['broker_id'] && (
                  <Text as="p" size="1" color="gray" mt="1">
                    No broker’s name starts with that.
                  </Text>
                )
              ) : (
                <Flex gap="2" wrap="wrap" mt="2" role="group" aria-label="Brokers found">
                  {choices.map((b) => (
                    <Button
                      key={b.id}
                      type="button"
                      size="1"
                      variant="outline"
                      disabled={busy}
                      onClick={() => actor.send({ type: 'broker.choose', broker: b })}
                    >
                      {b.name}
                    </Button>
                  ))}
                </Flex>
              ))}
          </FieldFrame>
          {errors['_'] && (
            <Text as="p" size="1" color="red">
              {errors['_']}
            </Text>
          )}
          {leaving ? (
            <Callout.Root color="amber" role="alert" aria-label="Discard the changes?">
              <Callout.Text>Discard your changes to this mapping?</Callout.Text>
              <Flex gap="2" mt="2">
                <Button type="button" color="red" size="1" onClick={() => actor.send({ type: 'leave.confirm' })}>
                  Discard changes
                </Button>
                <Button
                  type="button"
                  variant="soft"
                  color="gray"
                  size="1"
                  onClick={() => actor.send({ type: 'leave.stay' })}
                >
                  Keep editing
                </Button>
              </Flex>
            </Callout.Root>
          ) : (
            <FormActions
              saving={saving}
              submitDisabled={!savable}
              leaveDisabled={busy}
              onLeave={() => actor.send({ type: 'form.cancel' })}
            />
          )}
        </Flex>
      </SaveForm>
    </Card>
  );
}

/** The users a mapping recognises: the first page of them, by id. */
function RecognisedPanel() {
  const actor = DomainMappingsCtx.useActorRef();
  const recognised = DomainMappingsCtx.useSelector(selectRecognised);
  const loading = DomainMappingsCtx.useSelector(selectRecognisedLoading);
  if (!recognised) return null;
  const { mapping, users, more, error } = recognised;
  return (
    <Card aria-label={`Users at ${mapping.domain}`} role="region">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center">
          <Heading as="h3" size="3">
            Users recognised as {mapping.broker_name} staff
          </Heading>
          <Button size="1" variant="soft" color="gray" onClick={() => actor.send({ type: 'users.close' })}>
            Close
          </Button>
        </Flex>
        <Text as="p" size="2" color="gray">
          Users not deleted whose email is at {mapping.domain}.
        </Text>
        {loading && <RecordLoading records="the users" named />}
        {error && (
          <RetryCallout
            lead="The users could not be loaded."
            error={error}
            onRetry={() => actor.send({ type: 'users.retry' })}
          />
        )}
        {users &&
          (users.length === 0 ? (
            <Text as="p" size="2">
              No user has an email there now.
            </Text>
          ) : (
            <Table.Root size="1" variant="surface">
              <caption>
                <VisuallyHidden>Users at {mapping.domain}</VisuallyHidden>
              </caption>
              <TableHead columns={['Name', 'Username', 'Email', 'Status']} />
              <Table.Body>
                {users.map((u) => (
                  <Table.Row key={u.id}>
                    <Table.RowHeaderCell>{`${u.first_name} ${u.last_name}`.trim()}</Table.RowHeaderCell>
                    <Table.Cell>{u.username}</Table.Cell>
                    <Table.Cell>{u.email}</Table.Cell>
                    <Table.Cell>{u.active ? 'Active' : 'Inactive'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          ))}
        {more && (
          <Text as="p" size="1" color="gray">
            The first {users?.length} of {usersText(mapping.users)}.
          </Text>
        )}
      </Flex>
    </Card>
  );
}

function RemoveDialog({ mapping, notice }: { mapping: DomainMapping | null; notice: Notice | null }) {
  const actor = DomainMappingsCtx.useActorRef();
  const busy = DomainMappingsCtx.useSelector(selectRemoveBusy);
  return (
    <ConfirmDialog
      open={mapping !== null}
      title="Remove this mapping?"
      action="Remove"
      busy={busy}
      details={<NoticeCallout notice={notice} label="Domain mappings notice" />}
      onConfirm={() => actor.send({ type: 'remove.confirm' })}
      onCancel={() => actor.send({ type: 'remove.cancel' })}
    >
      {mapping && (
        <>
          {mapping.domain} will no longer name {mapping.broker_name}
          {mapping.users > 0
            ? `: the ${usersText(mapping.users)} with an email there are no longer recognised as its staff.`
            : '.'}
        </>
      )}
    </ConfirmDialog>
  );
}
