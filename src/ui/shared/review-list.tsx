// A reviewed list (Invite Request Users, User Submission; decision 082), as its screen shows it:
// the machine started from the address's query and the one form kept as a draft, following the
// address after; then the filters, what an action did, a failed read with Retry, the loading and
// empty lines, the rows in a named table, First page/Next; and in each row its status as the
// review left it (who, why, someone else first).
import { Badge, Box, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorLogic, InputFrom, SnapshotFrom } from 'xstate';
import type { Notice } from '../../machines/shared/notice';
import type { DraftAddress } from '../../services/drafts';
import { NoticeCallout } from './notice-callout';
import { ColumnChooser, useColumnChoice } from './column-chooser';
import { CursorPager } from './pager';
import { FormDraftKeeper, formDraftAddress, RecordScope } from './record-scope';
import { RecordLoading, RecordStatus } from './record-section';
import { RetryCallout } from './retry-callout';
import { queryParams, type StatusQuery } from './status-search';
import { TableHead, type HeadColumn } from './table-head';
import { useQueryFromUrl, type UrlParams, type UrlParamsBinding } from './url-params';

/** What follows the address: a list machine hears each new query as `query.set`. */
interface QueryFollower<Q> {
  send: (event: { type: 'query.set'; query: Q }) => void;
}

/**
 * A reviewed list's actor for a staff member (`Scope`), started from the address's query and the
 * kept form, and told each later move of the address (filters, pages, Back); the keeper of that
 * form (`DraftKeeper`: leaving with it changed asks first); and where it is kept (`draftAddress`).
 */
export function reviewListScope<L extends AnyActorLogic, D, Q>({
  ctx,
  logic,
  form,
  check,
  input,
  queryOf,
  useBinding,
  select,
  description,
}: {
  /** The list's actor context; its machine takes `query.set`. */
  ctx: { useActorRef: () => QueryFollower<Q> } & ReturnType<typeof createActorContext<L>>;
  logic: L;
  /** The draft's form name. */
  form: string;
  check: (value: unknown) => D | null;
  input: (query: Q, draft: D | null) => InputFrom<L>;
  queryOf: (params: UrlParams) => Q;
  useBinding: () => UrlParamsBinding;
  select: { draft: (s: SnapshotFrom<L>) => unknown; changed: (s: SnapshotFrom<L>) => boolean };
  /** What leaving would lose, in the question. */
  description: string;
}) {
  const draftAddress = (staff: number | null): DraftAddress | null => formDraftAddress(form, staff);
  function FollowQuery() {
    useQueryFromUrl(ctx.useActorRef(), queryOf(useBinding().params));
    return null;
  }
  function Scope({ staff, children }: { staff: number | null; children: ReactNode }) {
    const query = queryOf(useBinding().params);
    return (
      <RecordScope
        ctx={ctx}
        logic={logic}
        address={draftAddress(staff)}
        check={check}
        input={(draft) => input(query, draft)}
      >
        <FollowQuery />
        {children}
      </RecordScope>
    );
  }
  function DraftKeeper({ staff }: { staff: number | null }) {
    return <FormDraftKeeper ctx={ctx} select={select} address={draftAddress(staff)} description={description} />;
  }
  return { Scope, DraftKeeper, draftAddress };
}

/** What a reviewed list's view reads from its machine (`reviewListView`). */
interface ReviewListState<I, Q> {
  loading: boolean;
  failed: boolean;
  busy: boolean;
  error: string | null;
  items: I[];
  next: string | null;
  query: Q;
  notice: Notice | null;
}

/** A list's words: what its rows are, its notice's name, and its empty lines. */
export interface ReviewListWords {
  /** Lower case, plural: 'Loading submissions…'. */
  records: string;
  /** The table's name: 'Submissions'. */
  caption: string;
  notice: string;
  /** The empty line's name: 'No submissions'. */
  none: string;
  /** Said when the filters match nothing. */
  noMatch: string;
  /** Said when there is nothing to review at all. */
  noneYet: string;
}

export function ReviewList<I extends { id: number }, S extends string>({
  list: { loading, failed, busy, error, items, next, query, notice },
  binding: { setParams },
  here,
  words,
  columns,
  filters,
  above,
  row,
  onRetry,
  children,
}: {
  list: ReviewListState<I, StatusQuery<S>>;
  binding: UrlParamsBinding;
  /** The query in the address now (its page's cursor). */
  here: StatusQuery<S>;
  words: ReviewListWords;
  columns: readonly HeadColumn[];
  filters: ReactNode;
  /** Above the table while it has rows (a bulk action). */
  above?: ReactNode;
  row: (item: I) => ReactNode;
  onRetry: () => void;
  /** The list's dialogs. */
  children?: ReactNode;
}) {
  const choice = useColumnChoice(words.caption, columns);
  return (
    <Flex direction="column" gap="3">
      {filters}
      <NoticeCallout notice={notice} label={words.notice} errorColor="amber" />
      {failed && <RetryCallout error={error} onRetry={onRetry} />}
      {loading && <RecordLoading records={words.records} named />}
      {!loading &&
        !failed &&
        (items.length === 0 ? (
          <RecordStatus label={words.none}>{query.status || query.q ? words.noMatch : words.noneYet}</RecordStatus>
        ) : (
          <>
            <Flex gap="3" align="center" justify="between" wrap="wrap">
              {above ?? <span />}
              <ColumnChooser choice={choice} />
            </Flex>
            <Table.Root variant="surface">
              <VisuallyHidden asChild>
                <caption>{words.caption}</caption>
              </VisuallyHidden>
              <TableHead columns={columns} chosenOff={choice.chosenOff} />
              <Table.Body>{items.map(row)}</Table.Body>
            </Table.Root>
          </>
        ))}
      <Box>
        <CursorPager
          busy={busy}
          cursor={here.cursor}
          next={loading ? null : next}
          go={(cursor) => setParams(queryParams({ ...here, cursor }), { push: true })}
        />
      </Box>
      {children}
    </Flex>
  );
}

/** A row's status as the review left it: the badge, who decided, any more lines, the reason, and who acted first. */
export function ReviewStatus({
  color,
  label,
  by,
  reason,
  conflict,
  children,
}: {
  color: 'blue' | 'amber' | 'green' | 'red' | 'gray';
  label: string;
  by: string | null | undefined;
  reason: string | null | undefined;
  conflict: string | undefined;
  /** Lines between who decided and why (the user an approval made). */
  children?: ReactNode;
}) {
  return (
    <Table.Cell>
      <Badge color={color} aria-label="Status">
        {label}
      </Badge>
      {by && (
        <Text as="div" size="1" color="gray">
          by {by}
        </Text>
      )}
      {children}
      {reason && (
        <Text as="div" size="1" color="gray">
          Reason: {reason}
        </Text>
      )}
      {conflict && (
        <Text as="div" size="1" color="amber" role="note">
          {conflict}
        </Text>
      )}
    </Table.Cell>
  );
}
