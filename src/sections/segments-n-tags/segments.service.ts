// The segment calls (decision 046): plain functions, every reply parsed by its src/domain schema.
// A stale save answers 409, which the machine reads by shape (staleSegmentOf).
import * as v from 'valibot';
import {
  AssignSegmentTagsReply,
  DeleteSegmentReply,
  ListSegmentsReply,
  SegmentReply,
  type SegmentQuery,
} from '../../domain/segments';
import { http, toFormData } from '../../services/http';

export async function listSegments(opts: { q: string; page: number; id?: number }): Promise<ListSegmentsReply> {
  const params = new URLSearchParams({ q: opts.q, page: String(opts.page) });
  if (opts.id !== undefined) params.set('id', String(opts.id));
  return v.parse(ListSegmentsReply, await http(`/segments/?${params}`));
}

export interface SegmentFields {
  name: string;
  description: string;
}

export async function createSegment(fields: SegmentFields, query: SegmentQuery): Promise<SegmentReply> {
  const body = toFormData({ name: fields.name, description: fields.description, query: JSON.stringify(query) });
  return v.parse(SegmentReply, await http('/segments/', { method: 'POST', body }));
}

export async function updateSegment(id: number, version: number, fields: SegmentFields): Promise<SegmentReply> {
  const body = toFormData({
    id: String(id),
    version: String(version),
    name: fields.name,
    description: fields.description,
  });
  return v.parse(SegmentReply, await http('/segments/', { method: 'PUT', body }));
}

export async function deleteSegment(id: number): Promise<DeleteSegmentReply> {
  return v.parse(DeleteSegmentReply, await http(`/segments/${id}/`, { method: 'DELETE', body: toFormData({}) }));
}

export async function assignSegmentTags(
  segmentId: number,
  tags: readonly number[],
  type: 'overwrite' | '',
): Promise<AssignSegmentTagsReply> {
  const body = toFormData({ segment_id: String(segmentId), tags: JSON.stringify(tags), type });
  return v.parse(AssignSegmentTagsReply, await http('/segments/assign_tags/', { method: 'POST', body }));
}
