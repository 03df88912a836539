// The user edit screen's Content tab (decision 065): the userContent actor for one user, what keeps
// a copy being prepared across a reload and asks before it is left (decision 042), and the view —
// saved searches, watchlists with the shared ones, dashboards, the transcript source — each read,
// failed and retried on its own, and the copy dialog. Thin: everything comes from selectors.
import { Flex } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { checkCopyDraft, COPY_DRAFT_FORM } from './content-copy.draft';
import { liveUserContentMachine } from './user-content.live';
import { selectCopyActor, selectLoading, selectNotice } from './user-content.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import type { DraftAddress } from '../../services/drafts';
import { useConsole, useInspect } from '../../ui/console-context';
import { DraftKeeper, selectStaffId, useStoredDraft } from '../../ui/form/form-draft';
import { NoticeCallout } from '../../ui/shared/notice-callout';
import { CopyDialog, CopyDraftKeeper } from './copy-dialog';
import { DashboardsCard } from './dashboards-card';
import { SavedSearchesCard } from './saved-searches-card';
import { TranscriptCard } from './transcript-card';
import { UserContentCtx } from './user-content-context';
import { WatchlistsCard } from './watchlists-card';

/** One copy being prepared per user whose content it is, per staff member. */
export const copyDraftAddress = (staff: number | null, userId: number): DraftAddress | null =>
  staff === null ? null : { form: COPY_DRAFT_FORM, record: String(userId), staff };

export function ContentTab({ userId, userName, probe }: { userId: number; userName: string; probe?: ReactNode }) {
  return (
    <UserContentScope userId={userId}>
      {probe}
      <UserContentView userName={userName} />
    </UserContentScope>
  );
}

export function UserContentScope({ userId, children }: { userId: number; children: ReactNode }) {
  const { session } = useConsole();
  const staff = useSelector(session, selectStaffId);
  const features = useSelector(session, selectFeatures);
  const address = copyDraftAddress(staff, userId);
  const kept = useStoredDraft(address, checkCopyDraft);
  const [input] = useState(() => ({ userId, features, draft: kept }));
  return (
    <UserContentCtx.Provider key={userId} logic={liveUserContentMachine} options={{ input, inspect: useInspect() }}>
      <ContentDraftKeeper address={address} />
      {children}
    </UserContentCtx.Provider>
  );
}

/** The copy dialog's draft while it is open; nothing once it closes; left alone while the tab loads. */
function ContentDraftKeeper({ address }: { address: DraftAddress | null }) {
  const copy = UserContentCtx.useSelector(selectCopyActor);
  const loading = UserContentCtx.useSelector(selectLoading);
  if (copy) return <CopyDraftKeeper key={copy.id} address={address} actor={copy} />;
  return <DraftKeeper address={address} draft={loading ? undefined : null} changed={false} description="" />;
}

export function UserContentView({ userName }: { userName: string }) {
  const notice = UserContentCtx.useSelector(selectNotice);
  const copy = UserContentCtx.useSelector(selectCopyActor);
  return (
    <Flex direction="column" gap="4" aria-label={`Content of ${userName}`}>
      <NoticeCallout notice={notice} label="Content notice" />
      <SavedSearchesCard />
      <WatchlistsCard />
      <DashboardsCard />
      <TranscriptCard />
      {copy && <CopyDialog key={copy.id} actor={copy} />}
    </Flex>
  );
}
