// The Reports Dashboard calls (decision 063): plain functions, every reply parsed by its
// src/domain schema.
import * as v from 'valibot';
import { EventsReply, UserSegmentReply } from '../../domain/events';
import { ChartsReply, ReportReply, type Chart, type ReportFilters, type ReportPanel } from '../../domain/reports';
import { http, toFormData } from '../../services/http';

const rangeQuery = (f: ReportFilters) => ({ from: f.from, to: f.to, org_id: f.org ? String(f.org.id) : '' });

export async function fetchPanel(panel: ReportPanel, filters: ReportFilters): Promise<Chart[]> {
  return v.parse(
    ReportReply,
    await http(`/api/reports/dashboard/?${new URLSearchParams({ panel, ...rangeQuery(filters) })}`),
  ).charts;
}

export async function fetchAnalytics(filters: ReportFilters): Promise<Chart[]> {
  return v.parse(
    ChartsReply,
    await http('/user/fetch_user_analytics/', { method: 'POST', body: toFormData(rangeQuery(filters)) }),
  ).charts;
}

export async function fetchDepth(filters: ReportFilters): Promise<Chart[]> {
  return v.parse(ChartsReply, await http(`/api/reports/depth/?${new URLSearchParams(rangeQuery(filters))}`)).charts;
}

export async function fetchEvents(filters: ReportFilters, name: string, cursor: string): Promise<EventsReply> {
  return v.parse(
    EventsReply,
    await http('/segment/fetch_segmentio_events/', {
      method: 'POST',
      body: toFormData({ ...rangeQuery(filters), name, cursor }),
    }),
  );
}

export async function fetchPerson(userId: number, filters: ReportFilters): Promise<UserSegmentReply> {
  return v.parse(
    UserSegmentReply,
    await http('/user/get_user_segment_data/', {
      method: 'POST',
      body: toFormData({ user_id: String(userId), from: filters.from, to: filters.to }),
    }),
  );
}
