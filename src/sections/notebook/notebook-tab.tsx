// The user edit screen's Notebook tab (decision 065): the machine's actor for one user, started
// with the session's permissions and the choices kept from before a reload, and the view. Editors
// change and save; a read-only viewer sees the same without Save or the new group action.
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { checkNotebookDraft, NOTEBOOK_DRAFT_FORM } from './notebook.draft';
import { liveNotebookSettingsMachine } from './notebook.live';
import { selectDraftToKeep, selectFormChanged } from './notebook.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import type { DraftAddress } from '../../services/drafts';
import { useConsole, useInspect } from '../../ui/console-context';
import { DraftKeeper, sameDraft, selectStaffId, useStoredDraft } from '../../ui/form/form-draft';
import { NotebookCtx } from './notebook-context';
import { NotebookView } from './notebook-view';

/** One user's unsaved notebook choices, per staff member. */
export const notebookDraftAddress = (staff: number | null, userId: number): DraftAddress | null =>
  staff === null ? null : { form: NOTEBOOK_DRAFT_FORM, record: userId, staff };

export function NotebookTab({ userId, probe }: { userId: number; probe?: ReactNode }) {
  return (
    <NotebookScope userId={userId}>
      {probe}
      <NotebookView />
    </NotebookScope>
  );
}

export function NotebookScope({ userId, children }: { userId: number; children: ReactNode }) {
  const { session } = useConsole();
  const staff = useSelector(session, selectStaffId);
  const features = useSelector(session, selectFeatures);
  const address = notebookDraftAddress(staff, userId);
  const kept = useStoredDraft(address, checkNotebookDraft);
  const [input] = useState(() => ({
    userId,
    mayEdit: features.includes('edit_user'),
    mayCreateGroup: features.includes('tags'),
    draft: kept,
  }));
  return (
    <NotebookCtx.Provider key={userId} logic={liveNotebookSettingsMachine} options={{ input, inspect: useInspect() }}>
      <NotebookDraftKeeper address={address} />
      {children}
    </NotebookCtx.Provider>
  );
}

/** Keeps the unsaved choices as a draft; leaving the page with some asks first. */
function NotebookDraftKeeper({ address }: { address: DraftAddress | null }) {
  const draft = NotebookCtx.useSelector(selectDraftToKeep, sameDraft);
  const changed = NotebookCtx.useSelector(selectFormChanged);
  return (
    <DraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      description="This user's notebook settings have changes that are not saved yet."
    />
  );
}
