// The user list screen (spec §2 user area). The route hands it the URL's search and a way to
// navigate; the screen forwards each new URL to the machine as `query.set` (the one effect
// here: it fetches nothing, the machine decides whether anything changed).
import { Box, Button, Callout, Flex, Spinner, Text, TextField } from '@radix-ui/themes';
import type { SegmentQuery } from '../../domain/segments';
import { TOTAL_CAP, totalWords } from '../../domain/users';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { liveUserListMachine } from './user-list.live';
import { compactSearch, type ListSearch } from './user-list.search';
import {
  selectAllMatching,
  selectBulkOpen,
  selectBulkSelection,
  selectBusy,
  selectDraft,
  selectEmpty,
  selectError,
  selectMayBulkEdit,
  selectNotice,
  selectOfferAll,
  selectPageSelected,
  selectQueryProblem,
  selectRows,
  selectSearch,
  selectSelectedCount,
  selectTotal,
} from './user-list.selectors';
import { BulkEditDialog } from './bulk-edit-dialog';
import { UserListFilters, UserListOrder } from './user-list-filters';
import { UserListCtx } from './user-list-context';
import { UserListPager } from './user-list-pager';
import { USER_COLUMNS, UserListTable } from './user-list-table';
import { ColumnChooser, useColumnChoice } from '../../ui/shared/column-chooser';
import { useInspect } from '../../ui/console-context';
import { countText } from '../../domain/format';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { SectionPage } from '../../ui/shared/section-page';
import { ExportButtons, exportChildOf } from '../export-download/export-buttons';

export interface UserListScreenProps {
  /** The list's state as the URL holds it (validated). */
  search: ListSearch;
  /** Writes a new list state to the URL. */
  navigate(search: Partial<ListSearch>): void;
  features: readonly string[];
  openUser(id: number): void;
  createUser(): void;
  /** Opens Segments & Tags to save the list's query as a segment (with bulk_upload_tags). */
  saveAsSegment?(query: SegmentQuery): void;
}

export const SEARCH_PLACEHOLDER = 'Search by name, email, phone, username or id';

export function UserListScreen(props: UserListScreenProps) {
  return (
    <UserListProvider search={props.search} navigate={props.navigate}>
      <UserListView {...props} />
    </UserListProvider>
  );
}

/** The list's actor, fed with the URL: each new search reaches the machine as `query.set`. */
export function UserListProvider({
  search,
  navigate,
  children,
}: Pick<UserListScreenProps, 'search' | 'navigate'> & { children: ReactNode }) {
  // The machine is made once per screen; its navigate action reaches the latest callback.
  const latest = useRef(navigate);
  latest.current = navigate;
  const [logic] = useState(() =>
    liveUserListMachine.provide({
      actions: { navigate: (_, { search: next }) => latest.current(compactSearch(next)) },
    }),
  );
  return (
    <UserListCtx.Provider logic={logic} options={{ input: { search }, inspect: useInspect() }}>
      <UrlFeed search={search} />
      {children}
    </UserListCtx.Provider>
  );
}

function UrlFeed({ search }: { search: ListSearch }) {
  const list = UserListCtx.useActorRef();
  useEffect(() => list.send({ type: 'query.set', query: search }), [list, search]);
  return null;
}

function SelectionCallout() {
  const list = UserListCtx.useActorRef();
  const pageSelected = UserListCtx.useSelector(selectPageSelected);
  const offerAll = UserListCtx.useSelector(selectOfferAll);
  const allMatching = UserListCtx.useSelector(selectAllMatching);
  const total = UserListCtx.useSelector(selectTotal) ?? 0;
  const onPage = UserListCtx.useSelector((s) => selectRows(s).length);
  if (allMatching) {
    return (
      <Callout.Root color="blue" role="status">
        <Callout.Text>
          {total > TOTAL_CAP
            ? `All matching users (${totalWords(total)}) are selected.`
            : `All ${countText(total)} matching users are selected.`}{' '}
          <Button variant="ghost" size="1" onClick={() => list.send({ type: 'selection.clear' })}>
            Clear selection
          </Button>
        </Callout.Text>
      </Callout.Root>
    );
  }
  if (!pageSelected || !offerAll) return null;
  return (
    <Callout.Root color="blue" role="status">
      <Callout.Text>
        All {countText(onPage)} users on this page are selected.{' '}
        <Button variant="ghost" size="1" onClick={() => list.send({ type: 'all.select' })}>
          {total > TOTAL_CAP
            ? `Select all matching users (${totalWords(total)})`
            : `Select all ${countText(total)} matching`}
        </Button>
      </Callout.Text>
    </Callout.Root>
  );
}

function Actions({
  features,
  createUser,
  saveAsSegment,
}: Pick<UserListScreenProps, 'features' | 'createUser' | 'saveAsSegment'>) {
  const list = UserListCtx.useActorRef();
  const selected = UserListCtx.useSelector(selectSelectedCount);
  const mayBulkEdit = UserListCtx.useSelector(selectMayBulkEdit);
  const bulkOpen = UserListCtx.useSelector(selectBulkOpen);
  const exportRef = UserListCtx.useSelector(exportChildOf);
  const selection = UserListCtx.useSelector(selectBulkSelection, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  return (
    <Flex gap="2" align="center" wrap="wrap">
      {features.includes('bulk_edit_user') && (
        <>
          <Button variant="soft" disabled={!mayBulkEdit} onClick={() => list.send({ type: 'bulk.open' })}>
            Bulk edit{selected > 0 ? ` (${countText(selected)})` : ''}
          </Button>
          <BulkEditDialog
            open={bulkOpen}
            onClose={() => list.send({ type: 'bulk.close' })}
            selection={selection}
            selectedCount={selected}
          />
        </>
      )}
      {features.includes('export_csv_access') && (
        <ExportButtons exportRef={exportRef} onExport={(format) => list.send({ type: 'export.request', format })} />
      )}
      {features.includes('bulk_upload_tags') && saveAsSegment && <SaveAsSegment save={saveAsSegment} />}
      {features.includes('create_user_tab') && <Button onClick={createUser}>Create user</Button>}
    </Flex>
  );
}

/** The list's query as a segment keeps (decision 046): its filters and order, live users only. */
function SaveAsSegment({ save }: { save(query: SegmentQuery): void }) {
  const search = UserListCtx.useSelector(selectSearch);
  const live = search.deleted === 'exclude';
  return (
    <Button
      variant="soft"
      disabled={!live}
      title={live ? undefined : 'A segment holds live users only: show no deleted users first.'}
      onClick={() =>
        save({
          q: search.q.trim(),
          user_type: search.user_type,
          user_category: search.user_category,
          organization_id: search.organization_id,
          active: search.active,
          deleted: 'exclude',
          sort: search.sort,
          dir: search.dir,
          org_name: search.org_name,
        })
      }
    >
      Save as segment
    </Button>
  );
}

export function UserListView({ search, navigate, features, openUser, createUser, saveAsSegment }: UserListScreenProps) {
  const list = UserListCtx.useActorRef();
  const draft = UserListCtx.useSelector(selectDraft);
  const busy = UserListCtx.useSelector(selectBusy);
  const empty = UserListCtx.useSelector(selectEmpty);
  const error = UserListCtx.useSelector(selectError);
  const queryProblem = UserListCtx.useSelector(selectQueryProblem);
  const notice = UserListCtx.useSelector(selectNotice);
  const columns = useColumnChoice('user_list', USER_COLUMNS);
  // A filter, order or page size change navigates, and the list starts over from page 1.
  const change = (patch: Partial<ListSearch>) => navigate(compactSearch({ ...search, cursor: '', page: 1, ...patch }));
  return (
    <SectionPage
      title="All Users"
      gap="3"
      actions={<Actions features={features} createUser={createUser} saveAsSegment={saveAsSegment} />}
    >
      <Flex gap="3" align="center" wrap="wrap">
        <Box flexGrow="1" minWidth="280px">
          <TextField.Root
            type="search"
            value={draft}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label="Search users"
            aria-invalid={queryProblem !== null}
            aria-describedby={queryProblem ? 'user-search-problem' : undefined}
            color={queryProblem ? 'red' : undefined}
            onChange={(e) => list.send({ type: 'query.type', q: e.currentTarget.value })}
          >
            <TextField.Slot side="right">{busy && <Spinner aria-label="Loading users" />}</TextField.Slot>
          </TextField.Root>
          {queryProblem && (
            <Text as="p" id="user-search-problem" size="1" color="red" mt="1" role="alert">
              {queryProblem} The list shows the last search.
            </Text>
          )}
        </Box>
        <UserListOrder change={change} />
        <ColumnChooser choice={columns} />
      </Flex>
      <UserListFilters features={features} change={change} />
      {notice && (
        <Callout.Root color="blue" role="status" aria-label="List notice">
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      )}
      <SelectionCallout />
      {error && (
        <RetryCallout
          lead="The users could not be loaded."
          error={error}
          onRetry={() => list.send({ type: 'list.retry' })}
        />
      )}
      <UserListTable
        openUser={openUser}
        selectable={features.includes('bulk_edit_user')}
        change={change}
        chosenOff={columns.chosenOff}
      />
      {empty && (
        <Text as="p" align="center" color="gray" my="4">
          {search.q || search.user_type || search.user_category || search.organization_id || search.active
            ? 'No users match this search and these filters.'
            : 'There are no users yet.'}
        </Text>
      )}
      <UserListPager change={change} />
    </SectionPage>
  );
}
