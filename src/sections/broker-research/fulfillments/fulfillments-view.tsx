// The FulFillments tab's view: the filters (each one a URL parameter), the list, its pages, the
// downloads and the dialog that ends a fulfillment. It reads selectors and sends events; filters
// are navigation (setParams), which the scope hands to the machine.
import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import {
  FULFILLMENT_SOURCE_LABELS,
  FULFILLMENT_SOURCES,
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_STATUSES,
  distributorLabel,
  type FulfillmentSource,
} from '../../../domain/broker-research';
import type { FulfillmentRow } from '../../../domain/broker-research-fulfillments';
import { ExportButtons, exportChildOf } from '../../export-download/export-buttons';
import {
  selectBusy,
  selectEmpty,
  selectError,
  selectFiltered,
  selectFirstLoad,
  selectHasNext,
  selectHasPrev,
  selectMayExport,
  selectNamed,
  selectNotice,
  selectRangeText,
  selectRows,
  selectSearch,
} from './fulfillments.selectors';
import { paramsOf, type FilterKey, type FulfillmentSearch } from './fulfillments.search';
import { useTabSearch } from '../tab-search';
import { ChoiceFilter, ChosenFilter, ClearFilters, DayField, ListFailed, OrgFilter } from '../list-filters';
import { BrokerFilter } from './broker-filter';
import { EndFulfillmentDialog } from './end-dialog';
import { FulfillmentsCtx } from './fulfillments-context';
import { Pager } from '../../../ui/shared/pager';
import { dayText } from '../../../domain/format';
import { RowRemoveButton } from '../../../ui/shared/row-remove-button';
import { TableHead } from '../../../ui/shared/table-head';
import { NoticeCallout } from '../../../ui/shared/notice-callout';

/** Sets one filter (or clears it with ''): page 1 of the new filters. */
function useSetFilter() {
  const { setParams } = useTabSearch();
  const search = FulfillmentsCtx.useSelector(selectSearch);
  return (key: FilterKey, value: string) => {
    const next: FulfillmentSearch = { ...search, [key]: value, cursor: '', page: '' };
    setParams(paramsOf(next), { push: true });
  };
}

export function FulfillmentsView() {
  const notice = FulfillmentsCtx.useSelector(selectNotice);
  const error = FulfillmentsCtx.useSelector(selectError);
  const actor = FulfillmentsCtx.useActorRef();
  return (
    <Flex direction="column" gap="3">
      <Filters />
      <NoticeCallout notice={notice} label="FulFillments notice" errorColor="amber" />
      {error ? (
        <ListFailed
          text={`The fulfillments could not be loaded. ${error}`}
          retry="Retry"
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      ) : (
        <FulfillmentTable />
      )}
      <EndFulfillmentDialog />
    </Flex>
  );
}

function Filters() {
  const search = FulfillmentsCtx.useSelector(selectSearch);
  const named = FulfillmentsCtx.useSelector(selectNamed);
  const filtered = FulfillmentsCtx.useSelector(selectFiltered);
  const setFilter = useSetFilter();
  const { setParams } = useTabSearch();
  return (
    <Flex role="group" aria-label="Filters" gap="3" wrap="wrap" align="end">
      <ChoiceFilter
        label="Status"
        anyLabel="Any status"
        value={search.status}
        options={FULFILLMENT_STATUSES.map((s) => ({ value: s, label: FULFILLMENT_STATUS_LABELS[s] }))}
        onChange={(v) => setFilter('status', v)}
      />
      <ChoiceFilter
        label="Source"
        anyLabel="Any source"
        value={search.source}
        options={FULFILLMENT_SOURCES.map((s) => ({ value: s, label: FULFILLMENT_SOURCE_LABELS[s] }))}
        onChange={(v) => setFilter('source', v)}
      />
      <BrokerFilter
        value={search.broker}
        name={named?.broker?.name ?? null}
        onChange={(id) => setFilter('broker', id)}
      />
      <OrgFilter org={search.org} name={named?.organization?.name} onChange={(org) => setFilter('org', org)} />
      {search.user !== '' ? (
        <ChosenFilter
          label="User"
          text={named?.user?.name ?? `User ${search.user}`}
          onClear={() => setFilter('user', '')}
        />
      ) : null}
      <DayField label="Recorded from" value={search.from} onChange={(day) => setFilter('from', day)} />
      <DayField label="Recorded to" value={search.to} onChange={(day) => setFilter('to', day)} />
      {filtered ? <ClearFilters onClear={() => setParams({}, { push: true })} /> : null}
    </Flex>
  );
}

function FulfillmentTable() {
  const rows = FulfillmentsCtx.useSelector(selectRows);
  const busy = FulfillmentsCtx.useSelector(selectBusy);
  const firstLoad = FulfillmentsCtx.useSelector(selectFirstLoad);
  const empty = FulfillmentsCtx.useSelector(selectEmpty);
  const range = FulfillmentsCtx.useSelector(selectRangeText);
  const hasNext = FulfillmentsCtx.useSelector(selectHasNext);
  const hasPrev = FulfillmentsCtx.useSelector(selectHasPrev);
  const mayExport = FulfillmentsCtx.useSelector(selectMayExport);
  const exportRef = FulfillmentsCtx.useSelector(exportChildOf);
  const actor = FulfillmentsCtx.useActorRef();
  if (firstLoad)
    return (
      <Text role="status" aria-label="Loading fulfillments">
        Loading fulfillments…
      </Text>
    );
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Fulfillments" aria-busy={busy}>
      <Flex justify="between" align="center" wrap="wrap" gap="2">
        <Text role="status" aria-label="Rows shown" size="2">
          {range ?? ''}
        </Text>
        <ExportButtons
          exportRef={exportRef}
          disabled={!mayExport}
          onExport={(format) => actor.send({ type: 'export.request', format })}
        />
      </Flex>
      <Table.Root variant="surface" style={{ opacity: busy ? 0.6 : 1 }}>
        <TableHead columns={['User', 'Organization', 'Broker', 'Source', 'Since', 'Until', 'Status', null]} />
        <Table.Body>
          {rows.map((row) => (
            <FulfillmentLine key={row.id} row={row} busy={busy} />
          ))}
        </Table.Body>
      </Table.Root>
      {empty ? <Text color="gray">No fulfillments match these filters.</Text> : null}
      <Pager
        justify="end"
        previous={{ go: () => actor.send({ type: 'page.prev' }), disabled: !hasPrev }}
        next={{ go: () => actor.send({ type: 'page.next' }), disabled: !hasNext }}
      />
    </Flex>
  );
}

function SourceCell({ row }: { row: FulfillmentRow }) {
  const { openTab } = useTabSearch();
  if (row.source === 'request' && row.request_id !== null) {
    return (
      <Button
        variant="ghost"
        size="1"
        onClick={() => openTab('requests', { user: String(row.user_id), broker: String(row.broker_id) })}
      >
        Request #{row.request_id}
      </Button>
    );
  }
  const where = [row.source_name, row.dist ? distributorLabel(row.dist) : null].filter(Boolean).join(' · ');
  return (
    <Text>
      {FULFILLMENT_SOURCE_LABELS[row.source as FulfillmentSource]}
      {where ? `: ${where}` : ''}
    </Text>
  );
}

function FulfillmentLine({ row, busy }: { row: FulfillmentRow; busy: boolean }) {
  const actor = FulfillmentsCtx.useActorRef();
  const until = row.ended_at ?? row.ends_at;
  return (
    <Table.Row>
      <Table.Cell>
        <Text as="div" weight="medium">
          {row.user_name}
        </Text>
        <Text as="div" size="1" color="gray">
          {row.user_email}
        </Text>
      </Table.Cell>
      <Table.Cell>{row.organization ?? '—'}</Table.Cell>
      <Table.Cell>{row.broker}</Table.Cell>
      <Table.Cell>
        <SourceCell row={row} />
      </Table.Cell>
      <Table.Cell>{dayText(row.starts_at)}</Table.Cell>
      <Table.Cell>{dayText(until)}</Table.Cell>
      <Table.Cell>
        <Badge color={row.status === 'active' ? 'green' : 'gray'}>{FULFILLMENT_STATUS_LABELS[row.status]}</Badge>
        {row.status === 'ended' && row.ended_reason ? (
          <Text as="div" size="1" color="gray">
            {row.ended_by ? `${row.ended_by}: ` : ''}
            {row.ended_reason}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        {row.status === 'active' ? (
          <RowRemoveButton
            label={`End ${row.broker} for ${row.user_email}`}
            disabled={busy}
            onClick={() => actor.send({ type: 'end.open', id: row.id })}
          >
            End
          </RowRemoveButton>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
