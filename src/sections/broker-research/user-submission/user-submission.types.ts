// User Submission's machine (researchSubmissions): what it is given, holds and hears.
import type { SubmissionStatus } from '../../../domain/broker-research';
import type {
  SubmissionAction,
  SubmissionActionReply,
  SubmissionItem,
  SubmissionListReply,
} from '../../../domain/broker-research-user-submission';
import type { Notice } from '../../../machines/shared/notice';
import type { BareEvent } from '../../../machines/shared/bare-event.types';
import type { IdEvent, TextEvent } from '../../../machines/shared/payload-event.types';
import type { RecordVersion } from '../../../machines/shared/record-version.types';

/** The list's filters as the URL holds them (status, q, cursor beside ?tab=user_submission). */
export interface SubmissionQuery {
  status: SubmissionStatus | '';
  q: string;
  /** The page's cursor as text ('1764000000000.812'); '' for the first page. */
  cursor: string;
}

export interface ResearchSubmissionsInput {
  query: SubmissionQuery;
  /** A rejection being worded when the page was left (decision 042); null when none was kept. */
  draft: RejectDraft | null;
}

/** What is kept of a rejection being worded: the submission and the reason typed so far. */
export interface RejectDraft {
  id: number;
  reason: string;
}

/** A rejection being worded. */
export interface Rejecting {
  id: number;
  title: string;
  reason: string;
}

export interface ResearchSubmissionsContext {
  query: SubmissionQuery;
  items: SubmissionItem[];
  /** The next page's cursor as text; null on the last page. */
  next: string | null;
  rejecting: Rejecting | null;
  /** The kept rejection, until the first page is read: reopened when its submission is there to reject. */
  draft: RejectDraft | null;
  /** The action on its way. */
  acting: { id: number; action: SubmissionAction; reason: string | null } | null;
  /** Submissions someone else moved on first, by id: what the person was told. */
  conflicts: Record<number, string>;
  notice: Notice | null;
  /** Why loading failed. */
  error: string | null;
}

export type ResearchSubmissionsEvent =
  | BareEvent<'list.retry' | 'reject.confirm' | 'reject.cancel'>
  | IdEvent<'submission.reject'>
  | TextEvent<'reason.change'>
  | { type: 'query.set'; query: SubmissionQuery }
  | { type: 'submission.act'; id: number; action: Exclude<SubmissionAction, 'reject'> };

export type LoadOutcome = SubmissionListReply;
export type ActOutcome = SubmissionActionReply;
export interface ActInput extends RecordVersion {
  action: SubmissionAction;
  reason: string | null;
}
