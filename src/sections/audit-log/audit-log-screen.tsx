// /audit_log (decision 062): the machine's actor (its search from the URL), what carries the URL
// to it, and the view — the filters (category, author, record, action words, days, result), the
// entries newest first with their total, the pages, the CSV of the search, and an entry opened
// as its change field by field. Thin: everything comes from selectors.
import {
  Badge,
  Box,
  Button,
  Dialog,
  Flex,
  Link,
  SegmentedControl,
  Table,
  Text,
  TextField,
  VisuallyHidden,
} from '@radix-ui/themes';
import { createActorContext } from '@xstate/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { AUDIT_CATEGORIES } from '../../domain/audit';
import {
  AUDIT_ACTION_MAX,
  AUDIT_AUTHOR_MAX,
  AUDIT_RESULT_LABELS,
  AUDIT_RESULTS,
  RECORD_KIND_KEYS,
  RECORD_KINDS,
  auditCategoryLabel,
  auditTotalText,
  recordText,
  type AuditListItem,
  type AuditResult,
} from '../../domain/audit-log';
import { liveAuditBrowserMachine } from './audit-log.live';
import { auditBrowserMachine } from './audit-log.machine';
import {
  selectEntries,
  selectEntry,
  selectEntryError,
  selectEntryLoading,
  selectError,
  selectFailed,
  selectLoading,
  selectNext,
  selectOpenId,
  selectQuery,
  selectTotal,
} from './audit-log.selectors';
import type { AuditQuery } from './audit-log.types';
import { auditExportUrl } from './audit-log.service';
import { useInspect } from '../../ui/console-context';
import { ChangesTable } from '../record-history/changes-table';
import { RecordLink } from '../record-history/record-link';
import { auditParamsOf, auditQueryOf } from './audit-url';
import { useQueryFromUrl, useUrlParams } from '../../ui/shared/url-params';
import { CursorPager } from '../../ui/shared/pager';
import { timeTextToSecond } from '../../domain/format';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { TableHead } from '../../ui/shared/table-head';
import { RecordLoading, RecordStatus } from '../../ui/shared/record-section';
import { SectionPage } from '../../ui/shared/section-page';
import { NativeSelect } from '../../ui/form/native-select';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

export const AuditBrowserCtx = createActorContext(auditBrowserMachine);

/** The machine, started from the URL's search; later moves of the URL (a search, a page, Back) are sent to it. */
export function AuditBrowserScope({ children }: { children: ReactNode }) {
  const { params } = useUrlParams();
  const [input] = useState(() => ({ query: auditQueryOf(params) }));
  return (
    <AuditBrowserCtx.Provider logic={liveAuditBrowserMachine} options={{ input, inspect: useInspect() }}>
      <QueryFromUrl />
      {children}
    </AuditBrowserCtx.Provider>
  );
}

function QueryFromUrl() {
  useQueryFromUrl(AuditBrowserCtx.useActorRef(), auditQueryOf(useUrlParams().params));
  return null;
}

/** One filter: its label above its control. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="1" htmlFor={id}>
        {label}
      </Text>
      {children}
    </Flex>
  );
}

/** A filter typed in a box (or a day picked): its label above it. */
function TextFilter({
  id,
  label,
  value,
  onChange,
  ...box
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  type?: 'date';
}) {
  return (
    <FilterField id={id} label={label}>
      <TextField.Root id={id} {...box} value={value} onChange={(e) => onChange(e.target.value)} />
    </FilterField>
  );
}

function Filters() {
  const { params, setParams } = useUrlParams();
  const query = auditQueryOf(params);
  const [form, setForm] = useState<AuditQuery>(query);
  const key = JSON.stringify(query);
  useEffect(() => setForm(query), [key]);
  const set = (patch: Partial<AuditQuery>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(auditParamsOf({ ...form, author: form.author.trim(), action: form.action.trim(), cursor: '' }), {
      push: true,
    });
  };
  return (
    <form role="search" aria-label="Search the audit log" onSubmit={submit}>
      <Flex gap="3" align="end" wrap="wrap">
        <FilterField id="audit-category" label="Category">
          <NativeSelect
            id="audit-category"
            value={form.category}
            onChange={(category) => set({ category })}
            anyLabel="Every category"
            options={AUDIT_CATEGORIES.map((c) => ({ value: c, label: auditCategoryLabel(c) }))}
          />
        </FilterField>
        <TextFilter
          id="audit-author"
          label="Author"
          placeholder="Username"
          maxLength={AUDIT_AUTHOR_MAX}
          value={form.author}
          onChange={(author) => set({ author })}
        />
        <TextFilter
          id="audit-action"
          label="Action"
          placeholder="Words of the action"
          maxLength={AUDIT_ACTION_MAX}
          value={form.action}
          onChange={(action) => set({ action })}
        />
        <FilterField id="audit-record-kind" label="Record">
          <Flex gap="1">
            <NativeSelect
              id="audit-record-kind"
              value={form.record_kind}
              onChange={(record_kind) => set({ record_kind })}
              anyLabel="Any record"
              options={RECORD_KIND_KEYS.map((k) => ({ value: k, label: RECORD_KINDS[k].label }))}
            />
            <TextField.Root
              aria-label="Record id"
              placeholder="Id"
              inputMode="numeric"
              style={{ width: 90 }}
              value={form.record_id}
              maxLength={15}
              onChange={(e) => set({ record_id: e.target.value.replace(/\D/g, '') })}
            />
          </Flex>
        </FilterField>
        <TextFilter id="audit-from" label="From" type="date" value={form.from} onChange={(from) => set({ from })} />
        <TextFilter id="audit-to" label="To" type="date" value={form.to} onChange={(to) => set({ to })} />
        <Flex direction="column" gap="1">
          <Text size="1" id="audit-result">
            Result
          </Text>
          <SegmentedControl.Root
            aria-labelledby="audit-result"
            value={form.result}
            onValueChange={(v) => set({ result: v as AuditResult })}
          >
            {AUDIT_RESULTS.map((r) => (
              <SegmentedControl.Item key={r} value={r}>
                {AUDIT_RESULT_LABELS[r]}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl.Root>
        </Flex>
        <Button type="submit">Search</Button>
      </Flex>
    </form>
  );
}

function EntryRow({ e, opening }: { e: AuditListItem; opening: boolean }) {
  const actor = AuditBrowserCtx.useActorRef();
  return (
    <Table.Row aria-label={e.action}>
      <Table.Cell style={{ whiteSpace: 'nowrap' }}>{timeTextToSecond(e.created_at)}</Table.Cell>
      <Table.Cell>{auditCategoryLabel(e.category)}</Table.Cell>
      <Table.Cell>{e.author}</Table.Cell>
      <Table.Cell style={{ maxWidth: 360, wordBreak: 'break-word' }}>{e.action}</Table.Cell>
      <Table.Cell>
        {e.record ? <RecordLink record={e.record}>{recordText(e.record)}</RecordLink> : <Text color="gray">None</Text>}
      </Table.Cell>
      <Table.Cell>
        <Badge color={e.success ? 'green' : 'red'} aria-label="Result">
          {e.success ? 'Success' : 'Failed'}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Button size="1" variant="soft" disabled={opening} onClick={() => actor.send({ type: 'entry.open', id: e.id })}>
          Changes
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

function EntryDialog() {
  const actor = AuditBrowserCtx.useActorRef();
  const openId = AuditBrowserCtx.useSelector(selectOpenId);
  const loading = AuditBrowserCtx.useSelector(selectEntryLoading);
  const reply = AuditBrowserCtx.useSelector(selectEntry);
  const error = AuditBrowserCtx.useSelector(selectEntryError);
  const e = reply?.entry;
  const { onCloseAutoFocus } = useDialogFocus(openId !== null);
  return (
    <Dialog.Root
      open={openId !== null}
      onOpenChange={(open) => {
        if (!open && !loading) actor.send({ type: 'entry.close' });
      }}
    >
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="720px" aria-describedby={undefined}>
        <Dialog.Title>{e ? e.action : 'Audit entry'}</Dialog.Title>
        {loading && <RecordStatus label="Loading entry">Loading the entry…</RecordStatus>}
        {error && <RetryCallout error={error} onRetry={() => actor.send({ type: 'entry.retry' })} />}
        {e && reply && (
          <Flex direction="column" gap="3">
            <Text as="p" size="2" color="gray">
              {timeTextToSecond(e.created_at)} · {auditCategoryLabel(e.category)} · by {e.author} ·{' '}
              {e.success ? 'Success' : 'Failed'}
              {e.record && (
                <>
                  {' · '}
                  <RecordLink record={e.record}>{recordText(e.record)}</RecordLink>
                </>
              )}{' '}
              · from {e.origin}
              {e.source === 'client' ? ' (reported by the panel)' : ''}
            </Text>
            <ChangesTable changes={reply.changes} caption="Changes" />
          </Flex>
        )}
        <Flex justify="end" mt="3">
          <Button variant="soft" color="gray" disabled={loading} onClick={() => actor.send({ type: 'entry.close' })}>
            Close
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function AuditLogView() {
  const actor = AuditBrowserCtx.useActorRef();
  const { params, setParams } = useUrlParams();
  const loading = AuditBrowserCtx.useSelector(selectLoading);
  const failed = AuditBrowserCtx.useSelector(selectFailed);
  const error = AuditBrowserCtx.useSelector(selectError);
  const entries = AuditBrowserCtx.useSelector(selectEntries);
  const next = AuditBrowserCtx.useSelector(selectNext);
  const query = AuditBrowserCtx.useSelector(selectQuery);
  const { total, capped } = AuditBrowserCtx.useSelector(
    selectTotal,
    (a, b) => a.total === b.total && a.capped === b.capped,
  );
  const opening = AuditBrowserCtx.useSelector(selectEntryLoading);
  const here = auditQueryOf(params);
  const filtered = JSON.stringify({ ...query, cursor: '' }) !== JSON.stringify(auditQueryOf({}));
  return (
    <SectionPage
      title="Audit Log"
      gap="3"
      actions={
        <Link href={auditExportUrl(auditParamsOf(here))} download>
          Download CSV
        </Link>
      }
    >
      <Filters />
      {failed && <RetryCallout error={error} onRetry={() => actor.send({ type: 'list.retry' })} />}
      {loading && <RecordLoading records="entries" named />}
      {!loading &&
        !failed &&
        (entries.length === 0 ? (
          <RecordStatus label="No entries">
            {filtered ? 'No entry matches this search.' : 'Nothing has been recorded yet.'}
          </RecordStatus>
        ) : (
          <>
            <Text size="2" role="status" aria-label="Entries found">
              {auditTotalText(total, capped)}
              {query.cursor ? ' (a later page)' : ''}
            </Text>
            <Box style={{ overflowX: 'auto' }}>
              <Table.Root variant="surface">
                <VisuallyHidden asChild>
                  <caption>Audit entries</caption>
                </VisuallyHidden>
                <TableHead columns={['Time', 'Category', 'Author', 'Action', 'Record', 'Result']}>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>Open</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </TableHead>
                <Table.Body>
                  {entries.map((e) => (
                    <EntryRow key={e.id} e={e} opening={opening} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </>
        ))}
      {!loading && (here.cursor || next) && (
        <CursorPager
          cursor={here.cursor}
          next={next || null}
          go={(cursor) => setParams(auditParamsOf({ ...here, cursor }), { push: true })}
        />
      )}
      <EntryDialog />
    </SectionPage>
  );
}

/** What the route mounts (tests put a probe inside to hold the actor). */
export function AuditLogScreen({ probe }: { probe?: ReactNode }) {
  return (
    <AuditBrowserScope>
      {probe}
      <AuditLogView />
    </AuditBrowserScope>
  );
}
