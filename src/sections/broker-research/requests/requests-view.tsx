// The Requests tab (decision 057): the filters, the list with its choice boxes and pages, and in
// its place an opened request or a bulk action. The view reads selectors and sends events; the
// URL follows the machine's query and a URL changed under it (Back) is sent to the machine. A
// rejection reason being typed is kept across a reload and leaving the page asks first (decision 042).
import { Badge, Box, Button, Checkbox, Flex, Spinner, Table, Text, TextField } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '../../../domain/broker-research';
import {
  BULK_MAX,
  REQUEST_COLUMN_LABELS,
  requestTotalWords,
  type RequestFilterText,
  type RequestRow,
} from '../../../domain/broker-research-requests';
import type { Broker } from '../../../domain/brokers';
import { checkRequestsDraft, REQUESTS_DRAFT_FORM } from './requests.draft';
import { liveResearchRequestsMachine } from './requests.live';
import {
  selectDraftToKeep,
  selectReasonTyped,
  selectBusy,
  selectInBulk,
  selectInRequest,
  selectListed,
  selectLoadFailed,
  selectLoading,
  selectNotice,
  selectPage,
  selectQuery,
  selectSelected,
  selectError,
} from './requests.selectors';
import { NO_FILTERS } from './requests.types';
import { NoticeCallout } from '../../../ui/shared/notice-callout';
import type { DraftAddress } from '../../../services/drafts';
import { useConsole, useInspect } from '../../../ui/console-context';
import { DraftKeeper, sameDraft, selectStaffId, useStoredDraft } from '../../../ui/form/form-draft';
import { MatchList, MatchOption } from '../../../ui/shared/match-list';
import { TableCaption } from '../../../ui/shared/table-caption';
import { TableHead, type HeadColumn } from '../../../ui/shared/table-head';
import { ColumnChooser, useColumnChoice } from '../../../ui/shared/column-chooser';
import { ChoiceFilter, ChosenFilter, ClearFilters, DayField, Labelled, ListFailed, OrgFilter } from '../list-filters';
import { useTabSearch } from '../tab-search';
import { BulkPanel } from './bulk-panel';
import { RequestPanel } from './request-panel';
import { RequestsCtx } from './requests-context';
import { STATUS_COLORS } from './request-words';
import { paramsOfQuery, queryKey, queryOfParams } from './requests-url';
import { Pager } from '../../../ui/shared/pager';
import { timeText, countText } from '../../../domain/format';

/** One reason at a time in the tab, per staff member. */
export const requestsDraftAddress = (staff: number | null): DraftAddress | null =>
  staff === null ? null : { form: REQUESTS_DRAFT_FORM, record: 'reason', staff };

function useStaffId(): number | null {
  const { session } = useConsole();
  return useSelector(session, selectStaffId);
}

/** The machine of the tab, started on the URL's query and the reason kept from before a reload. */
export function RequestsScope({ children }: { children: ReactNode }) {
  const { params } = useTabSearch();
  const { config } = useConsole();
  const logic = useMemo(() => liveResearchRequestsMachine(config.product_key), [config.product_key]);
  const kept = useStoredDraft(requestsDraftAddress(useStaffId()), checkRequestsDraft);
  const [input] = useState(() => ({ query: queryOfParams(params), draft: kept }));
  return (
    <RequestsCtx.Provider logic={logic} options={{ input, inspect: useInspect() }}>
      {children}
    </RequestsCtx.Provider>
  );
}

/** Keeps the URL and the machine's query one: each follows the other when it moves. */
export function RequestsUrl() {
  const { params, setParams } = useTabSearch();
  const actor = RequestsCtx.useActorRef();
  const query = RequestsCtx.useSelector(selectQuery);
  const urlQuery = useMemo(() => queryOfParams(params), [params]);
  const urlKey = queryKey(urlQuery);
  const key = queryKey(query);
  const lastUrl = useRef(urlKey);
  lastUrl.current = urlKey;
  useEffect(() => {
    if (urlKey !== queryKey(actor.getSnapshot().context.query)) actor.send({ type: 'query.set', query: urlQuery });
    // The URL moved (Back, a link): only then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);
  useEffect(() => {
    if (key !== lastUrl.current) setParams(paramsOfQuery(query), { push: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}

/**
 * Keeps a rejection reason being typed as a draft (a reload opens the request, or the bulk
 * rejection, again with its dialog and the reason); leaving the page with a reason typed asks first
 * and drops it.
 */
export function RequestsDraftKeeper() {
  const address = requestsDraftAddress(useStaffId());
  const draft = RequestsCtx.useSelector(selectDraftToKeep, sameDraft);
  const typed = RequestsCtx.useSelector(selectReasonTyped);
  return (
    <DraftKeeper
      address={address}
      draft={draft}
      changed={typed}
      description="The rejection reason you typed is not sent yet."
      leaveLabel="Discard the reason and leave"
    />
  );
}

export function RequestsView() {
  const inRequest = RequestsCtx.useSelector(selectInRequest);
  const inBulk = RequestsCtx.useSelector(selectInBulk);
  if (inRequest) return <RequestPanel />;
  if (inBulk) return <BulkPanel />;
  return (
    <Flex direction="column" gap="3">
      <Filters />
      <ListNotices />
      <SelectionBar />
      <RequestTable />
    </Flex>
  );
}

function ListNotices() {
  const notice = RequestsCtx.useSelector(selectNotice);
  const failed = RequestsCtx.useSelector(selectLoadFailed);
  const error = RequestsCtx.useSelector(selectError);
  const actor = RequestsCtx.useActorRef();
  return (
    <>
      <NoticeCallout notice={notice} label="Requests notice" errorColor="amber" />
      {failed ? (
        <ListFailed
          text={`The requests could not be listed: ${error}`}
          retry="Try again"
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      ) : null}
    </>
  );
}

function Filters() {
  const actor = RequestsCtx.useActorRef();
  const { filters } = RequestsCtx.useSelector(selectQuery);
  const page = RequestsCtx.useSelector(selectPage);
  const brokers = RequestsCtx.useSelector((s) => s.context.brokers);
  const listed = RequestsCtx.useSelector(selectListed);
  const named = page?.named;
  const apply = (change: Partial<RequestFilterText>) =>
    actor.send({ type: 'filters.apply', filters: { ...filters, ...change } });
  const any = Object.values(filters).some((x) => x !== '');
  return (
    <Flex role="group" aria-label="Filters" gap="3" wrap="wrap" align="end">
      <ChoiceFilter
        label="Status"
        anyLabel="Any status"
        value={filters.status}
        options={REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }))}
        disabled={!listed}
        onChange={(status) => apply({ status })}
      />
      <BrokerFilter
        brokers={brokers}
        value={filters.broker}
        name={named?.broker?.name ?? null}
        disabled={!listed}
        onChange={(broker) => apply({ broker })}
      />
      <OrgFilter org={filters.org} name={named?.org?.name} disabled={!listed} onChange={(org) => apply({ org })} />
      {filters.user !== '' ? (
        <ChosenFilter
          label="User"
          text={named?.user ? `${named.user.name} (${named.user.email})` : `User ${filters.user}`}
          disabled={!listed}
          onClear={() => apply({ user: '' })}
        />
      ) : null}
      <DayField label="Requested from" value={filters.from} disabled={!listed} onChange={(from) => apply({ from })} />
      <DayField label="Requested to" value={filters.to} disabled={!listed} onChange={(to) => apply({ to })} />
      {any ? (
        <ClearFilters disabled={!listed} onClear={() => actor.send({ type: 'filters.apply', filters: NO_FILTERS })} />
      ) : null}
    </Flex>
  );
}

const BROKER_OPTIONS = 8;

/** The broker filter: a field that narrows every broker by name as it is typed; the chosen one is the filter. */
export function BrokerFilter({
  brokers,
  value,
  name,
  disabled,
  onChange,
}: {
  brokers: Broker[] | null;
  value: string;
  name: string | null;
  disabled: boolean;
  onChange: (id: string) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const chosen = value === '' ? '' : (brokers?.find((b) => String(b.id) === value)?.name ?? name ?? `Broker ${value}`);
  const typed = text?.trim().toLowerCase() ?? '';
  const matches =
    text === null || !brokers
      ? []
      : brokers.filter((b) => b.name.toLowerCase().includes(typed)).slice(0, BROKER_OPTIONS);
  const pick = (b: Broker) => {
    setText(null);
    onChange(String(b.id));
  };
  return (
    <Labelled label="Broker">
      <Box
        position="relative"
        width="220px"
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setText(null);
        }}
      >
        <TextField.Root
          role="combobox"
          aria-label="Broker"
          aria-expanded={text !== null}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={brokers ? 'Any broker' : 'Brokers loading…'}
          disabled={disabled || !brokers}
          value={text ?? chosen}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && matches[0]) {
              e.preventDefault();
              pick(matches[0]);
            } else if (e.key === 'Escape') setText(null);
          }}
        >
          {value !== '' && text === null && !disabled ? (
            <TextField.Slot side="right">
              <Button
                type="button"
                size="1"
                variant="ghost"
                color="gray"
                aria-label="Clear broker"
                onClick={() => onChange('')}
              >
                ×
              </Button>
            </TextField.Slot>
          ) : null}
        </TextField.Root>
        {text !== null && typed !== '' ? (
          <MatchList role="listbox" label="Broker matches" maxHeight={280}>
            {matches.length === 0 ? (
              <Text as="p" size="2" color="gray" m="2">
                No broker is named like “{text.trim()}”.
              </Text>
            ) : null}
            {matches.map((b) => (
              <MatchOption key={b.id} onPick={() => pick(b)}>
                {b.name}
              </MatchOption>
            ))}
          </MatchList>
        ) : null}
      </Box>
    </Labelled>
  );
}

function SelectionBar() {
  const actor = RequestsCtx.useActorRef();
  const selected = RequestsCtx.useSelector(selectSelected);
  const page = RequestsCtx.useSelector(selectPage);
  const listed = RequestsCtx.useSelector(selectListed);
  if (!page) return null;
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text size="2" role="status" aria-label="Chosen requests">
        {selected.length ? `${countText(selected.length)} chosen (at most ${countText(BULK_MAX)})` : 'None chosen'}
      </Text>
      <Button
        size="1"
        disabled={!listed || selected.length === 0}
        onClick={() => actor.send({ type: 'bulk.start', scope: 'chosen' })}
      >
        Act on the chosen
      </Button>
      <Button
        size="1"
        variant="soft"
        disabled={!listed || selected.length === 0}
        onClick={() => actor.send({ type: 'selection.clear' })}
      >
        Clear the choice
      </Button>
      <Button
        size="1"
        variant="soft"
        disabled={!listed || page.items.length === 0}
        onClick={() => actor.send({ type: 'bulk.start', scope: 'matching' })}
      >
        Act on all matching
      </Button>
    </Flex>
  );
}

function RequestTable() {
  const actor = RequestsCtx.useActorRef();
  const page = RequestsCtx.useSelector(selectPage);
  const loading = RequestsCtx.useSelector(selectLoading);
  const busy = RequestsCtx.useSelector(selectBusy);
  const listed = RequestsCtx.useSelector(selectListed);
  const selected = RequestsCtx.useSelector(selectSelected);
  const columns = useColumnChoice('broker_research_requests', REQUEST_COLUMNS);
  if (!page)
    return loading ? (
      <Text role="status" aria-label="Loading requests">
        <Spinner /> Loading the requests…
      </Text>
    ) : null;
  const chosen = new Set(selected.map((s) => s.id));
  const allChosen = page.items.length > 0 && page.items.every((r) => chosen.has(r.id));
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" justify="between" gap="3">
        <Text size="2" role="status" aria-label="Requests shown">
          {loading
            ? 'Loading the requests…'
            : `${requestTotalWords(page.total, page.total_capped)}${page.items.length ? `; ${page.items.length} on this page` : ''}.`}
        </Text>
        <Pager
          size="1"
          busy={!listed}
          previous={{ go: () => actor.send({ type: 'page.prev' }), disabled: !page.prev_cursor }}
          next={{ go: () => actor.send({ type: 'page.next' }), disabled: !page.next_cursor }}
        >
          <ColumnChooser choice={columns} size="1" />
        </Pager>
      </Flex>
      {page.items.length === 0 && !loading ? (
        <Text color="gray">No request matches these filters.</Text>
      ) : (
        <Table.Root size="1" variant="surface" style={{ opacity: busy ? 0.6 : 1 }}>
          <TableCaption>Requests</TableCaption>
          <TableHead
            columns={REQUEST_COLUMNS}
            chosenOff={columns.chosenOff}
            before={
              <Table.ColumnHeaderCell>
                <Checkbox
                  aria-label="Choose every request on this page"
                  checked={allChosen}
                  disabled={!listed}
                  onCheckedChange={() => actor.send({ type: 'page.toggleAll' })}
                />
              </Table.ColumnHeaderCell>
            }
          />
          <Table.Body>
            {page.items.map((r) => (
              <RequestLine key={r.id} row={r} chosen={chosen.has(r.id)} enabled={listed} />
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  );
}

/**
 * Who asked, from where and for which broker never give way; the note goes first on a narrow
 * screen, then who decided. The time (it opens the request) and the status always show.
 */
const REQUEST_COLUMNS: HeadColumn[] = [
  REQUEST_COLUMN_LABELS.when,
  { label: REQUEST_COLUMN_LABELS.user, priority: 1, minWidth: 140 },
  { label: REQUEST_COLUMN_LABELS.organization, priority: 1 },
  { label: REQUEST_COLUMN_LABELS.broker, priority: 1 },
  REQUEST_COLUMN_LABELS.status,
  { label: REQUEST_COLUMN_LABELS.note, priority: 3, minWidth: 160 },
  { label: REQUEST_COLUMN_LABELS.decided, priority: 2, minWidth: 140 },
];

function RequestLine({ row, chosen, enabled }: { row: RequestRow; chosen: boolean; enabled: boolean }) {
  const actor = RequestsCtx.useActorRef();
  return (
    <Table.Row aria-label={`Request ${row.id}`}>
      <Table.Cell>
        <Checkbox
          aria-label={`Choose request ${row.id}`}
          checked={chosen}
          disabled={!enabled}
          onCheckedChange={() => actor.send({ type: 'row.toggle', row: { id: row.id, version: row.version } })}
        />
      </Table.Cell>
      <Table.Cell>
        {/* The moment of the request opens it: the whole request, its history and its actions. Its
            name starts with the words it shows (WCAG 2.5.3), then says what it opens. */}
        <Button
          size="1"
          variant="ghost"
          aria-label={`${timeText(row.created_at)}, open request ${row.id}`}
          disabled={!enabled}
          onClick={() => actor.send({ type: 'request.open', id: row.id })}
        >
          {timeText(row.created_at)}
        </Button>
      </Table.Cell>
      <Table.Cell style={{ maxWidth: 220 }}>
        <Text as="div" truncate>
          {row.user.name}
        </Text>
        {/* Long addresses are cut; the whole one is in the title and in the opened request. */}
        <Text as="div" size="1" color="gray" truncate title={row.user.email}>
          {row.user.email}
        </Text>
      </Table.Cell>
      <Table.Cell>{row.organization?.name ?? '—'}</Table.Cell>
      <Table.Cell>{row.broker.name}</Table.Cell>
      <Table.Cell>
        <Badge color={STATUS_COLORS[row.status]}>{REQUEST_STATUS_LABELS[row.status]}</Badge>
      </Table.Cell>
      <Table.Cell style={{ maxWidth: 180 }}>
        <Text size="1">{row.note || '—'}</Text>
      </Table.Cell>
      <Table.Cell>
        {row.decided_by ? (
          <>
            <Text as="div" size="1">
              {row.decided_by}
            </Text>
            <Text as="div" size="1" color="gray">
              {timeText(row.decided_at)}
            </Text>
          </>
        ) : (
          '—'
        )}
      </Table.Cell>
    </Table.Row>
  );
}
