// Invite Request Users' machine (inviteReview): what it is given, holds and hears.
import type {
  ApprovalSettings,
  BulkOutcome,
  InviteActionReply,
  InviteBulkReply,
  InviteListReply,
  InviteOptionsReply,
  InviteRequestItem,
  InviteStatus,
} from '../../domain/invite-requests';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { FieldEvent, IdEvent, TextEvent } from '../../machines/shared/payload-event.types';

/** The list's filters as the URL holds them. */
export interface InviteQuery {
  status: InviteStatus | '';
  q: string;
  /** The page's cursor as text ('1764000000000.812'); '' for the first page. */
  cursor: string;
}

/** The approval form's values, as the controls hold them. */
export interface SettingsDraft extends ApprovalSettings {
  /** The chosen organization's name, shown while its choices are not loaded. */
  organization_name: string;
}
export type SettingsField = Exclude<keyof SettingsDraft, 'data_plan' | 'send_invitation' | 'organization_name'>;

/** What is kept across a reload (decision 042): an approval being filled in. */
export interface ApproveDraft {
  id: number;
  settings: SettingsDraft;
}

export interface InviteReviewInput {
  query: InviteQuery;
  draft: ApproveDraft | null;
}

export type Options = Omit<InviteOptionsReply, 'status'>;

export interface InviteReviewContext {
  query: InviteQuery;
  items: InviteRequestItem[];
  next: string | null;
  options: Options | null;
  /** Open requests ticked for a bulk approval. */
  selected: number[];
  /** The request being approved or rejected (null for a bulk). */
  target: number | null;
  settings: SettingsDraft;
  /** Organizations found for the form. */
  orgChoices: { id: number; name: string }[];
  /** The server's words per field of the form; '_' for the whole request. */
  fieldErrors: Record<string, string>;
  reason: string;
  draft: ApproveDraft | null;
  /** The preview's or the bulk approval's report. */
  report: BulkOutcome[] | null;
  reportMsg: string | null;
  /** Requests someone else moved on first, by id: what the person was told. */
  conflicts: Record<number, string>;
  notice: Notice | null;
  error: string | null;
}

export type InviteReviewEvent =
  | BareEvent<'list.retry' | 'bulk.open' | 'bulk.preview' | 'bulk.confirm' | 'bulk.back' | 'bulk.close'>
  | BareEvent<'approve.send' | 'form.cancel' | 'reject.send'>
  | { type: 'query.set'; query: InviteQuery }
  | IdEvent<'request.toggle' | 'approve.open' | 'reject.open' | 'resend'>
  | TextEvent<'org.find' | 'reason.change'>
  | FieldEvent<'field.set', SettingsField>
  | { type: 'plan.set'; items: string[] }
  | { type: 'invitation.set'; send: boolean };

export interface LoadOutcome {
  list: InviteListReply;
  options: Options;
}
export type ActOutcome = InviteActionReply;
export type BulkOutcomeReply = InviteBulkReply;
export interface SettingsInput {
  settings: SettingsDraft;
}
