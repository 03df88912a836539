// Broker Details (spec §2; decision 059): the picker without a broker; with one, its names, MiFID II
// status with who set it and when, distributors and codes, sales contacts, linked brokers and the
// entitlements granted through it (linked to FulFillments and Requests). One form at a time opens
// in its card; a contact or a link is removed after a question. Thin: everything comes from selectors.
import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Flex,
  Heading,
  Link,
  RadioGroup,
  Switch,
  Table,
  Text,
  TextField,
} from '@radix-ui/themes';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  distributorLabel,
  distributorsFor,
  MIFID_LABELS,
  MIFID_STATUSES,
  TRI_SUBMITTOR,
  type MifidStatus,
} from '../../../domain/broker-research';
import { BROKER_LIMITS, type BrokerDetails } from '../../../domain/broker-research-brokers';
import {
  selectBusy,
  selectChoosing,
  selectConfirming,
  selectConflict,
  selectDetails,
  selectError,
  selectFailed,
  selectFieldErrors,
  selectForm,
  selectFormReady,
  selectFound,
  selectLoading,
  selectNotice,
  selectRemoval,
  selectRemoving,
  selectSaving,
  selectSearching,
} from './broker-details.selectors';
import type { FormField, FormKind, FormValues } from './broker-details.types';
import type { Notice } from '../../../machines/shared/notice';
import { useConsole } from '../../../ui/console-context';
import { described, FieldFrame } from '../../../ui/form/field-frame';
import { HistoryButton } from '../../record-history/history-button';
import { useTabSearch } from '../tab-search';
import { BrokerDetailsCtx } from './broker-details-context';
import { countText, dayText, timeText } from '../../../domain/format';
import { ConfirmDialog } from '../../../ui/shared/confirm-dialog';
import { FormActions } from '../../../ui/form/form-actions';
import { RetryCallout } from '../../../ui/shared/retry-callout';
import { NoticeCallout } from '../../../ui/shared/notice-callout';
import { TableHead } from '../../../ui/shared/table-head';
import { RecordLoading } from '../../../ui/shared/record-section';
import { BrokerNameField } from '../broker-name-field';
import { ChangedCallout } from '../changed-callout';
import { SaveForm } from '../../../ui/form/save-form';
import { RowRemoveButton } from '../../../ui/shared/row-remove-button';

/** When, as a person reads it: 'Nov 25, 2026, 2:41 PM' in the browser's time zone. */

export function BrokerDetailsView() {
  const choosing = BrokerDetailsCtx.useSelector(selectChoosing);
  const loading = BrokerDetailsCtx.useSelector(selectLoading);
  const failed = BrokerDetailsCtx.useSelector(selectFailed);
  const error = BrokerDetailsCtx.useSelector(selectError);
  const details = BrokerDetailsCtx.useSelector(selectDetails);
  const notice = BrokerDetailsCtx.useSelector(selectNotice);
  const conflict = BrokerDetailsCtx.useSelector(selectConflict);
  const confirming = BrokerDetailsCtx.useSelector(selectConfirming);
  const actor = BrokerDetailsCtx.useActorRef();
  return (
    <Flex direction="column" gap="4" maxWidth="960px">
      {choosing ? <Picker notice={notice} /> : !confirming && <NoticeCallout notice={notice} label="Broker notice" />}
      {conflict && (
        <ChangedCallout>{conflict} The record below is as stored now; save again to apply yours.</ChangedCallout>
      )}
      {failed && (
        <RetryCallout
          lead="The broker could not be loaded."
          error={error}
          onRetry={() => actor.send({ type: 'details.retry' })}
        />
      )}
      {loading && <RecordLoading records="the broker" named />}
      {details && !loading && !choosing && <Record details={details} />}
      <RemoveDialog />
    </Flex>
  );
}

/** Without a broker in the URL: find one by name and open it. */
function Picker({ notice }: { notice: Notice | null }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const found = BrokerDetailsCtx.useSelector(selectFound);
  const searching = BrokerDetailsCtx.useSelector(selectSearching);
  const { setParams } = useTabSearch();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'search.find', text: text.trim() });
  };
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h3" size="4">
          Find a broker
        </Heading>
        <form role="search" aria-label="Find a broker" onSubmit={submit}>
          <Flex gap="2" align="end">
            <Box flexGrow="1">
              <BrokerNameField id="broker-picker" value={text} onChange={setText} />
            </Box>
            <Button type="submit" disabled={searching}>
              {searching ? 'Searching…' : 'Search'}
            </Button>
          </Flex>
        </form>
        <NoticeCallout notice={notice} label="Broker notice" />
        {found &&
          (found.length === 0 ? (
            <Text size="2" color="gray">
              No broker has a name like that.
            </Text>
          ) : (
            <ul aria-label="Brokers found" style={{ margin: 0, paddingLeft: '1.2em' }}>
              {found.map((b) => (
                <li key={b.id}>
                  <Link
                    href={`?tab=broker_details&broker=${b.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      setParams({ broker: String(b.id) }, { push: true });
                    }}
                  >
                    {b.name}
                  </Link>
                </li>
              ))}
            </ul>
          ))}
      </Flex>
    </Card>
  );
}

function Record({ details }: { details: BrokerDetails }) {
  const { setParams } = useTabSearch();
  const b = details.broker;
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" wrap="wrap" gap="2">
        <Heading as="h3" size="5">
          {b.name}
        </Heading>
        <Flex gap="3" align="center">
          <HistoryButton kind="broker" id={b.id} name={b.name} size="2" />
          <Link
            href="?tab=broker_details"
            onClick={(e) => {
              e.preventDefault();
              setParams({}, { push: true });
            }}
          >
            Find another broker
          </Link>
        </Flex>
      </Flex>
      <Card asChild>
        <section aria-label="Names">
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>Name</DataList.Label>
              <DataList.Value>{b.name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Legal name</DataList.Label>
              <DataList.Value>{b.legal_name ?? '—'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Short name</DataList.Label>
              <DataList.Value>{b.short_name ?? '—'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Broker group</DataList.Label>
              <DataList.Value>{b.group?.name ?? 'None'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Open access</DataList.Label>
              <DataList.Value>{b.open_access ? 'Open to every user' : 'Restricted'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Last changed</DataList.Label>
              <DataList.Value aria-label="Last changed">
                {b.updated_at === null
                  ? 'Not changed here yet.'
                  : `by ${b.updated_by ?? 'someone'} at ${timeText(b.updated_at)}`}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </section>
      </Card>
      <Mifid details={details} />
      <Distributors details={details} />
      <Contacts details={details} />
      <Links details={details} />
      <Entitlements details={details} />
    </Flex>
  );
}

/** A card with its title and the button that opens its form (hidden while any form is open). */
function Section({
  title,
  open,
  children,
}: {
  title: string;
  open?: { label: string; values: FormValues } | undefined;
  children: ReactNode;
}) {
  const actor = BrokerDetailsCtx.useActorRef();
  const form = BrokerDetailsCtx.useSelector(selectForm);
  const busy = BrokerDetailsCtx.useSelector(selectBusy);
  return (
    <Card asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center">
            <Heading as="h4" size="3">
              {title}
            </Heading>
            {open && form === null && (
              <Button
                size="1"
                variant="soft"
                disabled={busy}
                onClick={() => actor.send({ type: 'form.open', values: open.values })}
              >
                {open.label}
              </Button>
            )}
          </Flex>
          {children}
        </Flex>
      </section>
    </Card>
  );
}

/** The open form when it is of this kind. */
function useFormOf<K extends FormKind>(kind: K): Extract<FormValues, { kind: K }> | null {
  const form = BrokerDetailsCtx.useSelector(selectForm);
  return form?.values.kind === kind ? (form.values as Extract<FormValues, { kind: K }>) : null;
}

/** Save and Cancel of the open form, with a refusal of the whole request. */
function FormFrame({ label, saveLabel, children }: { label: string; saveLabel: string; children: ReactNode }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const ready = BrokerDetailsCtx.useSelector(selectFormReady);
  const saving = BrokerDetailsCtx.useSelector(selectSaving);
  const busy = BrokerDetailsCtx.useSelector(selectBusy);
  const errors = BrokerDetailsCtx.useSelector(selectFieldErrors);
  return (
    <SaveForm label={label} noValidate canSave={ready && !busy} onSave={() => actor.send({ type: 'form.save' })}>
      <Flex direction="column" gap="3">
        {children}
        <FormActions
          error={errors['_']}
          saving={saving}
          submitLabel={saveLabel}
          submitDisabled={!ready || busy}
          leaveDisabled={saving}
          onLeave={() => actor.send({ type: 'form.cancel' })}
        />
      </Flex>
    </SaveForm>
  );
}

function TextInput({
  field,
  label,
  max,
  type = 'text',
}: {
  field: FormField;
  label: string;
  max: number;
  type?: 'text' | 'email';
}) {
  const actor = BrokerDetailsCtx.useActorRef();
  const form = BrokerDetailsCtx.useSelector(selectForm);
  const errors = BrokerDetailsCtx.useSelector(selectFieldErrors);
  const busy = BrokerDetailsCtx.useSelector(selectSaving);
  const id = `broker-${field}`;
  const value = String((form?.values as Record<string, unknown> | undefined)?.[field] ?? '');
  return (
    <FieldFrame id={id} label={label} error={errors[field]}>
      <TextField.Root
        id={id}
        type={type}
        value={value}
        maxLength={max}
        disabled={busy}
        {...described(id, errors[field])}
        onChange={(e) => actor.send({ type: 'form.field', field, value: e.target.value })}
      />
    </FieldFrame>
  );
}

function Mifid({ details }: { details: BrokerDetails }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const values = useFormOf('mifid');
  const errors = BrokerDetailsCtx.useSelector(selectFieldErrors);
  const saving = BrokerDetailsCtx.useSelector(selectSaving);
  const b = details.broker;
  return (
    <Section
      title="MiFID II status"
      open={{ label: 'Change MiFID II status', values: { kind: 'mifid', mifid_status: b.mifid_status } }}
    >
      <Text size="2" aria-label="MiFID II">
        <Badge color={b.mifid_status === 'compliant' ? 'green' : b.mifid_status === 'non_compliant' ? 'red' : 'gray'}>
          {MIFID_LABELS[b.mifid_status]}
        </Badge>{' '}
        {b.mifid_updated_at === null
          ? 'Never set.'
          : `Set by ${b.mifid_updated_by ?? 'someone'} at ${timeText(b.mifid_updated_at)}.`}
      </Text>
      {values && (
        <FormFrame label="MiFID II status" saveLabel="Save">
          <RadioGroup.Root
            aria-label="MiFID II status"
            value={values.mifid_status}
            disabled={saving}
            onValueChange={(value) => actor.send({ type: 'form.field', field: 'mifid_status', value })}
          >
            {MIFID_STATUSES.map((m: MifidStatus) => (
              <RadioGroup.Item key={m} value={m}>
                {MIFID_LABELS[m]}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
          {errors['mifid_status'] && (
            <Text as="p" size="1" color="red">
              {errors['mifid_status']}
            </Text>
          )}
        </FormFrame>
      )}
    </Section>
  );
}

function Distributors({ details }: { details: BrokerDetails }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const { config } = useConsole();
  const form = BrokerDetailsCtx.useSelector(selectForm);
  const busy = BrokerDetailsCtx.useSelector(selectBusy);
  const saving = BrokerDetailsCtx.useSelector(selectSaving);
  const errors = BrokerDetailsCtx.useSelector(selectFieldErrors);
  const values = useFormOf('distributor');
  const missing = distributorsFor(config.product_key, [TRI_SUBMITTOR]).filter(
    (d) => !details.distributors.some((x) => x.dist === d),
  );
  return (
    <Section title="Distributors">
      {details.distributors.length === 0 ? (
        <Text size="2" color="gray">
          No distributor carries this broker's research.
        </Text>
      ) : (
        <Table.Root size="1">
          <TableHead columns={['Distributor', 'Code', 'Research', 'Since', null]} />
          <Table.Body>
            {details.distributors.map((d) => (
              <Table.Row key={d.dist}>
                <Table.RowHeaderCell>{distributorLabel(d.dist)}</Table.RowHeaderCell>
                <Table.Cell>{d.code}</Table.Cell>
                <Table.Cell>{d.active ? 'Carried' : 'Not carried'}</Table.Cell>
                <Table.Cell>{dayText(d.since)}</Table.Cell>
                <Table.Cell>
                  {form === null && (
                    <Button
                      size="1"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Edit ${distributorLabel(d.dist)}`}
                      onClick={() =>
                        actor.send({
                          type: 'form.open',
                          values: { kind: 'distributor', dist: d.dist, code: d.code, active: d.active },
                        })
                      }
                    >
                      Edit
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {form === null &&
        missing.map((dist) => (
          <Box key={dist}>
            <Button
              size="1"
              variant="soft"
              disabled={busy}
              onClick={() =>
                actor.send({ type: 'form.open', values: { kind: 'distributor', dist, code: '', active: true } })
              }
            >
              Add {distributorLabel(dist)}
            </Button>
          </Box>
        ))}
      {values && (
        <FormFrame label={`Distributor info at ${distributorLabel(values.dist)}`} saveLabel="Save">
          <TextInput field="code" label={`Code at ${distributorLabel(values.dist)}`} max={BROKER_LIMITS.code} />
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                checked={values.active}
                disabled={saving}
                onCheckedChange={(value) => actor.send({ type: 'form.active', value })}
              />
              Carries this broker's research
            </Flex>
          </Text>
          {errors['dist'] && (
            <Text as="p" size="1" color="red">
              {errors['dist']}
            </Text>
          )}
        </FormFrame>
      )}
    </Section>
  );
}

function Contacts({ details }: { details: BrokerDetails }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const form = BrokerDetailsCtx.useSelector(selectForm);
  const busy = BrokerDetailsCtx.useSelector(selectBusy);
  const values = useFormOf('contact');
  return (
    <Section
      title="Sales contacts"
      open={{
        label: 'Add sales contact',
        values: { kind: 'contact', contact: null, name: '', email: '', phone: '', region: '' },
      }}
    >
      {details.sales_contacts.length === 0 ? (
        <Text size="2" color="gray">
          No sales contact yet.
        </Text>
      ) : (
        <Table.Root size="1">
          <TableHead columns={['Name', 'Email', 'Phone', 'Region', null]} />
          <Table.Body>
            {details.sales_contacts.map((c) => (
              <Table.Row key={c.id}>
                <Table.RowHeaderCell>{c.name}</Table.RowHeaderCell>
                <Table.Cell>{c.email}</Table.Cell>
                <Table.Cell>{c.phone || '—'}</Table.Cell>
                <Table.Cell>{c.region || '—'}</Table.Cell>
                <Table.Cell>
                  {form === null && (
                    <Flex gap="3">
                      <Button
                        size="1"
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Edit ${c.name}`}
                        onClick={() =>
                          actor.send({
                            type: 'form.open',
                            values: {
                              kind: 'contact',
                              contact: c.id,
                              name: c.name,
                              email: c.email,
                              phone: c.phone,
                              region: c.region,
                            },
                          })
                        }
                      >
                        Edit
                      </Button>
                      <RowRemoveButton
                        ghost
                        label={`Remove ${c.name}`}
                        disabled={busy}
                        onClick={() =>
                          actor.send({
                            type: 'remove.open',
                            removal: { kind: 'contact.remove', contact: c.id, label: c.name },
                          })
                        }
                      >
                        Remove
                      </RowRemoveButton>
                    </Flex>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {values && (
        <FormFrame label="Sales contact" saveLabel={values.contact === null ? 'Add contact' : 'Save contact'}>
          <Flex gap="3" wrap="wrap">
            <TextInput field="name" label="Name" max={BROKER_LIMITS.contactName} />
            <TextInput field="email" label="Email" type="email" max={BROKER_LIMITS.email} />
            <TextInput field="phone" label="Phone" max={BROKER_LIMITS.phone} />
            <TextInput field="region" label="Region" max={BROKER_LIMITS.region} />
          </Flex>
        </FormFrame>
      )}
    </Section>
  );
}

function Links({ details }: { details: BrokerDetails }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const { setParams } = useTabSearch();
  const form = BrokerDetailsCtx.useSelector(selectForm);
  const busy = BrokerDetailsCtx.useSelector(selectBusy);
  const values = useFormOf('link');
  return (
    <Section title="Linked brokers" open={{ label: 'Link a broker', values: { kind: 'link', linked: null } }}>
      {details.links.length === 0 ? (
        <Text size="2" color="gray">
          Not linked to another broker.
        </Text>
      ) : (
        <ul aria-label="Linked brokers of the broker" style={{ margin: 0, paddingLeft: '1.2em' }}>
          {details.links.map((l) => (
            <li key={l.id}>
              <Flex gap="3" align="center">
                <Link
                  size="2"
                  href={`?tab=broker_details&broker=${l.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setParams({ broker: String(l.id) }, { push: true });
                  }}
                >
                  {l.name}
                </Link>
                <Text size="1" color="gray">
                  linked by {l.created_by} at {timeText(l.created_at)}
                </Text>
                {form === null && (
                  <Button
                    size="1"
                    variant="ghost"
                    color="red"
                    disabled={busy}
                    aria-label={`Unlink ${l.name}`}
                    onClick={() =>
                      actor.send({
                        type: 'remove.open',
                        removal: { kind: 'unlink', linked_broker: l.id, label: l.name },
                      })
                    }
                  >
                    Unlink
                  </Button>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {values && <LinkForm chosen={values.linked} />}
    </Section>
  );
}

function LinkForm({ chosen }: { chosen: { id: number; name: string } | null }) {
  const actor = BrokerDetailsCtx.useActorRef();
  const found = BrokerDetailsCtx.useSelector(selectFound);
  const searching = BrokerDetailsCtx.useSelector(selectSearching);
  const errors = BrokerDetailsCtx.useSelector(selectFieldErrors);
  const [text, setText] = useState('');
  const find = () => actor.send({ type: 'search.find', text: text.trim() });
  return (
    <FormFrame label="Link a broker" saveLabel="Link">
      <Flex gap="2" align="end">
        <Box flexGrow="1">
          <FieldFrame id="broker-link-search" label="Broker to link" error={errors['linked_broker']}>
            <TextField.Root
              id="broker-link-search"
              value={text}
              maxLength={BROKER_LIMITS.search}
              {...described('broker-link-search', errors['linked_broker'])}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  find();
                }
              }}
            />
          </FieldFrame>
        </Box>
        <Button type="button" variant="soft" disabled={searching} onClick={find}>
          {searching ? 'Searching…' : 'Find'}
        </Button>
      </Flex>
      {found &&
        (found.length === 0 ? (
          <Text size="2" color="gray">
            No other broker has a name like that.
          </Text>
        ) : (
          <Flex gap="2" wrap="wrap" aria-label="Brokers to link" role="group">
            {found.map((b) => (
              <Button
                key={b.id}
                type="button"
                size="1"
                variant="outline"
                onClick={() => actor.send({ type: 'link.choose', broker: b })}
              >
                {b.name}
              </Button>
            ))}
          </Flex>
        ))}
      <Text size="2" aria-label="Broker chosen">
        {chosen ? `Link to ${chosen.name}.` : 'Find a broker and choose it.'}
      </Text>
    </FormFrame>
  );
}

function Entitlements({ details }: { details: BrokerDetails }) {
  const { openTab } = useTabSearch();
  const e = details.entitlements;
  const broker = String(details.broker.id);
  return (
    <Section title="Entitlements">
      <Text size="2" aria-label="Fulfillments">
        {countText(e.active_fulfillments)} active and {countText(e.ended_fulfillments)} ended fulfillments.{' '}
        <Link
          href={`?tab=fulfillments&broker=${broker}`}
          onClick={(ev) => {
            ev.preventDefault();
            openTab('fulfillments', { broker });
          }}
        >
          Show its fulfillments
        </Link>
      </Text>
      <Text size="2" aria-label="Open requests">
        {countText(e.new_requests)} new and {countText(e.sent_requests)} sent requests.{' '}
        <Link
          href={`?tab=requests&broker=${broker}&status=new`}
          onClick={(ev) => {
            ev.preventDefault();
            openTab('requests', { broker, status: 'new' });
          }}
        >
          Show its new requests
        </Link>
      </Text>
    </Section>
  );
}

function RemoveDialog() {
  const actor = BrokerDetailsCtx.useActorRef();
  const confirming = BrokerDetailsCtx.useSelector(selectConfirming);
  const removing = BrokerDetailsCtx.useSelector(selectRemoving);
  const removal = BrokerDetailsCtx.useSelector(selectRemoval);
  const notice = BrokerDetailsCtx.useSelector(selectNotice);
  const details = BrokerDetailsCtx.useSelector(selectDetails);
  const unlink = removal?.kind === 'unlink';
  return (
    <ConfirmDialog
      open={confirming && removal !== null}
      title={unlink ? `Unlink ${removal?.label ?? ''}?` : `Remove ${removal?.label ?? ''}?`}
      action={unlink ? 'Unlink' : 'Remove'}
      busy={removing}
      details={<NoticeCallout notice={notice} label="Broker notice" />}
      onConfirm={() => actor.send({ type: 'remove.confirm' })}
      onCancel={() => actor.send({ type: 'remove.cancel' })}
    >
      {unlink
        ? `${details?.broker.name ?? 'This broker'} and ${removal?.label ?? ''} will no longer be one firm.`
        : `${removal?.label ?? ''} will no longer be a sales contact of ${details?.broker.name ?? 'this broker'}.`}
    </ConfirmDialog>
  );
}
