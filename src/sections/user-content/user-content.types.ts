// The user edit screen's Content tab (userContent): what it is given, holds and hears.
import type { TranscriptSourceReply } from '../../domain/notebook';
import type {
  ContentKind,
  DashboardItem,
  DashboardSettingsReply,
  DashboardsReply,
  SavedSearchesReply,
  WatchlistNamesReply,
  WatchlistsReply,
} from '../../domain/user-content';
import type { CopyDraft } from './content-copy.draft';
import type { ContentCopyInput } from './content-copy.types';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent } from '../../machines/shared/payload-event.types';

export interface UserContentInput {
  userId: number;
  /** The session's feature keys: copying a kind needs edit_user and the kind's own. */
  features: readonly string[];
  /** A copy being prepared before a reload (decision 042). */
  draft: CopyDraft | null;
}

/** The tab's lists, each read, failed and retried on its own. */
export interface Replies {
  saved_search: SavedSearchesReply;
  watchlist: WatchlistsReply;
  shared: WatchlistNamesReply;
  dashboard: DashboardsReply;
  transcript: TranscriptSourceReply;
}
export type Section = keyof Replies;
export const SECTIONS: readonly Section[] = ['saved_search', 'watchlist', 'shared', 'dashboard', 'transcript'];

export type Part<T> =
  | { status: 'loading'; reply: null; error: null }
  | { status: 'shown'; reply: T; error: null }
  | { status: 'failed'; reply: null; error: string };
export type Parts = { [K in Section]: Part<Replies[K]> };

/** One section's read: its reply, or what went wrong (the others are shown all the same). */
export type Settled<T> = { ok: true; reply: T } | { ok: false; error: unknown };
export type LoadAllOutcome = { [K in Section]: Settled<Replies[K]> };

export interface DashboardDialog {
  dashboard: DashboardItem;
  reply: DashboardSettingsReply | null;
  error: string | null;
}

export interface UserContentContext {
  userId: number;
  features: readonly string[];
  draft: CopyDraft | null;
  parts: Parts;
  /** The section being read again. */
  retrying: Section | null;
  /** The items ticked for copying, per kind. */
  chosen: Record<ContentKind, number[]>;
  /** The copy dialog's start, while it is open. */
  copy: ContentCopyInput | null;
  settings: DashboardDialog | null;
  /** A page of saved searches that could not be read, or what a copy did. */
  notice: Notice | null;
}

export type UserContentEvent =
  | BareEvent<'searches.more' | 'settings.retry' | 'settings.close'>
  | { type: 'section.retry'; section: Section }
  | { type: 'item.toggle'; kind: ContentKind; id: number }
  | { type: 'copy.open'; kind: ContentKind }
  | { type: 'copy.closed'; message: string | null }
  | IdEvent<'settings.open'>;
