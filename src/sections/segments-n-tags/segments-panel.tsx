// The Segments tab's content: the segment editor's actor (given the kept form draft, or the query
// the user list asked to save), what keeps its form across a reload (decision 042), and the view.
import { Box, Button, Flex, Link, Spinner, Text, TextField } from '@radix-ui/themes';
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import type { SegmentQuery } from '../../domain/segments';
import { checkSegmentDraft, SEGMENT_DRAFT_FORM } from './segments.draft';
import { liveSegmentEditorMachine } from './segments.live';
import { selectBusy, selectEmpty, selectListed, selectPaging, selectQuery, selectSection } from './segments.selectors';
import * as selectors from './segments.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../../ui/console-context';
import { openFormAddress, RecordDraftKeeper, RecordScope } from '../../ui/shared/record-scope';
import { SegmentDeleteDialog } from './segment-delete-dialog';
import { SegmentFormDialog } from './segment-form-dialog';
import { SegmentTagsDialog } from './segment-tags-dialog';
import { SegmentsCtx } from './segments-context';
import { SegmentsTable, type OpenInList } from './segments-table';
import { Pager } from '../../ui/shared/pager';
import { RecordLoadFailed, RecordLoading, RecordNotice } from '../../ui/shared/record-section';
import { countText } from '../../domain/format';

export interface SegmentsPanelProps extends OpenInList {
  /** The signed-in staff member, whose drafts these are. */
  staff: number | null;
  /** A list query to save as a new segment (from the user list). */
  prefill: SegmentQuery | null;
  /** The user list's address, for the empty tab's hint. */
  userListHref: string;
}

/** One form draft per tab and staff member: the open segment form, new or a rename. */
export const segmentDraftAddress = (staff: number | null) => openFormAddress(SEGMENT_DRAFT_FORM, staff);

export function SegmentsPanel(props: SegmentsPanelProps) {
  return (
    <SegmentsScope staff={props.staff} prefill={props.prefill}>
      <SegmentsDraftKeeper staff={props.staff} />
      <SegmentsView {...props} />
    </SegmentsScope>
  );
}

export function SegmentsScope({
  staff,
  prefill,
  children,
}: {
  staff: number | null;
  prefill: SegmentQuery | null;
  children: ReactNode;
}) {
  return (
    <RecordScope
      ctx={SegmentsCtx}
      logic={liveSegmentEditorMachine}
      address={segmentDraftAddress(staff)}
      check={checkSegmentDraft}
      // A query to save is a fresh request: it takes the place of a kept form.
      input={(kept) => ({ draft: prefill ? null : kept, prefill })}
    >
      {children}
    </RecordScope>
  );
}

/**
 * A new segment's draft survives leaving, so leaving asks only when it could not be kept; a rename
 * asks whenever it holds a change, and leaving drops it.
 */
export function SegmentsDraftKeeper({ staff }: { staff: number | null }) {
  return (
    <RecordDraftKeeper ctx={SegmentsCtx} select={selectors} address={segmentDraftAddress(staff)} renamed="segment" />
  );
}

function SearchBox() {
  const editor = SegmentsCtx.useActorRef();
  const q = SegmentsCtx.useSelector(selectQuery);
  const busy = SegmentsCtx.useSelector(selectBusy);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    editor.send({ type: 'segments.search', q: String(new FormData(e.currentTarget).get('q') ?? '') });
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Find segments">
      <Flex gap="2" align="center">
        <Box flexGrow="1" maxWidth="360px">
          <TextField.Root
            name="q"
            defaultValue={q}
            placeholder="Find a segment by name"
            aria-label="Segment name"
            maxLength={100}
          >
            <TextField.Slot side="right">{busy && <Spinner aria-label="Loading segments" />}</TextField.Slot>
          </TextField.Root>
        </Box>
        <Button type="submit" variant="soft">
          Find
        </Button>
      </Flex>
    </form>
  );
}

function SegmentPager() {
  const editor = SegmentsCtx.useActorRef();
  const { page, pages, total } = SegmentsCtx.useSelector(
    selectPaging,
    (a, b) => a.page === b.page && a.pages === b.pages && a.total === b.total,
  );
  const busy = SegmentsCtx.useSelector(selectBusy);
  if (pages <= 1) return null;
  return (
    <nav aria-label="Segment pages">
      <Pager
        size="1"
        justify="end"
        busy={busy}
        previous={{ go: () => editor.send({ type: 'segments.page', page: page - 1 }), disabled: page <= 1 }}
        next={{ go: () => editor.send({ type: 'segments.page', page: page + 1 }), disabled: page >= pages }}
      >
        <Text size="2" color="gray">
          Page {page} of {pages} · {countText(total)} segments
        </Text>
      </Pager>
    </nav>
  );
}

export function SegmentsView({ listHref, openInList, userListHref }: OpenInList & { userListHref: string }) {
  const editor = SegmentsCtx.useActorRef();
  const { session } = useConsole();
  const mayCreateTags = useSelector(session, (s) => selectFeatures(s).includes('tags'));
  const { loading, failed, error, notice, count: segments } = SegmentsCtx.useSelector(selectSection, shallowEqual);
  const listed = SegmentsCtx.useSelector(selectListed);
  const empty = SegmentsCtx.useSelector(selectEmpty);
  const q = SegmentsCtx.useSelector(selectQuery);
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" color="gray">
        A segment is a saved search of All Users. Filter the user list, then choose Save as segment; here, open a
        segment in the list, rename it, or give its members tags.
      </Text>
      <SearchBox />
      <RecordNotice notice={notice} label="Segments notice" />
      {failed && (
        <RecordLoadFailed records="segments" error={error} onRetry={() => editor.send({ type: 'list.retry' })} />
      )}
      {loading && segments === 0 && <RecordLoading records="segments" />}
      {(listed || (!empty && !failed && segments > 0)) && <SegmentsTable listHref={listHref} openInList={openInList} />}
      {empty && (
        <Text as="p" align="center" color="gray" my="4">
          {q ? (
            `No segment's name holds “${q}”.`
          ) : (
            <>
              There are no segments yet. <Link href={userListHref}>Open All Users</Link>, filter it, and save it as a
              segment.
            </>
          )}
        </Text>
      )}
      <SegmentPager />
      <SegmentFormDialog />
      <SegmentDeleteDialog />
      <SegmentTagsDialog mayCreateTags={mayCreateTags} />
    </Flex>
  );
}
