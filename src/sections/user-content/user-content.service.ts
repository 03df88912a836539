// A user's platform content (spec §7 "Groups, roles, users"; decision 065): plain functions, every
// reply parsed by its src/domain schema. The copy is one call, preview or not.
import * as v from 'valibot';
import {
  CopyContentReply,
  DashboardSettingsReply,
  DashboardsReply,
  SavedSearchesReply,
  WatchlistNamesReply,
  WatchlistsReply,
  type CopyRequest,
} from '../../domain/user-content';
import { TranscriptSourceReply } from '../../domain/notebook';
import { http, toFormData } from '../../services/http';

const post = (path: string, fields: Record<string, string> = {}) =>
  http(path, { method: 'POST', body: toFormData(fields) });

export async function fetchSavedSearches(input: { userId: number; cursor: string }): Promise<SavedSearchesReply> {
  const params = new URLSearchParams({ user_id: String(input.userId) });
  if (input.cursor) params.set('cursor', input.cursor);
  return v.parse(SavedSearchesReply, await http(`/user/fetch_saved_searches/?${params}`));
}

export async function fetchWatchlists(userId: number): Promise<WatchlistsReply> {
  return v.parse(
    WatchlistsReply,
    await post('/user/graph/fetch_users_watchlist_data_ap/', { user_id: String(userId) }),
  );
}

/** The watchlist managers' shared watchlists (no body). */
export async function fetchSharedWatchlists(): Promise<WatchlistNamesReply> {
  return v.parse(WatchlistNamesReply, await post('/user/get_watchlist_name/'));
}

export async function fetchDashboards(userId: number): Promise<DashboardsReply> {
  return v.parse(DashboardsReply, await post('/user/graph/get_dashboard_template_ap/', { user_id: String(userId) }));
}

export async function fetchDashboardSettings(input: {
  userId: number;
  dashboardId: number;
}): Promise<DashboardSettingsReply> {
  const fields = { user_id: String(input.userId), dashboard_id: String(input.dashboardId) };
  return v.parse(DashboardSettingsReply, await post('/user/graph/get_dashboard_settings_ap/', fields));
}

export async function fetchTranscriptSource(userId: number): Promise<TranscriptSourceReply> {
  return v.parse(TranscriptSourceReply, await post('/user/fetch_transcript_src/', { user_id: String(userId) }));
}

export async function copyContent(input: CopyRequest): Promise<CopyContentReply> {
  const body = toFormData({
    kind: input.kind,
    source_user_id: String(input.sourceUserId),
    item_ids: JSON.stringify(input.itemIds),
    targets: JSON.stringify(input.targets),
    on_clash: input.onClash,
    preview: String(input.preview),
  });
  return v.parse(CopyContentReply, await http('/user/copy_saved_searches/', { method: 'POST', body }));
}
