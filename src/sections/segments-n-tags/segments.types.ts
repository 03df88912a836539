// The Segments tab's machine (segmentEditor): what it is given, holds and hears.
import type {
  AssignSegmentTagsReply,
  ListSegmentsReply,
  Segment,
  SegmentQuery,
  SegmentReply,
} from '../../domain/segments';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent, ValueEvent } from '../../machines/shared/payload-event.types';

/** The name and description form: a new segment (id null) of a list query, or a rename. */
export interface SegmentForm {
  id: number | null;
  /** The version the rename started from (0 for a new segment). */
  version: number;
  name: string;
  description: string;
  query: SegmentQuery;
  /** What the form held when it opened, to tell whether it changed. */
  base: { name: string; description: string };
}

/** What is kept of an open form across a reload (decision 042). */
export type SegmentDraft = SegmentForm;

export interface SegmentEditorInput {
  /** A form kept from before a reload: it opens again once the list is read. */
  draft: SegmentDraft | null;
  /** A list query to save as a new segment (the user list's 'Save as segment'). */
  prefill: SegmentQuery | null;
}

export type TagMode = 'overwrite' | 'add';

export interface SegmentEditorContext {
  /** The name search and the page on screen. */
  q: string;
  page: number;
  segments: Segment[];
  total: number;
  pageSize: number;
  form: SegmentForm | null;
  /** The server's refusal at each field of the form (name, description), until the field changes. */
  serverErrors: Record<string, string>;
  /** Why the last save did not happen, above the form. */
  formError: string | null;
  /** The segment being deleted or tagged. */
  target: Segment | null;
  /** The tags chosen and how to apply them, once asked. */
  apply: { mode: TagMode; tagIds: number[] } | null;
  applied: AssignSegmentTagsReply | null;
  /** Why loading, deleting, counting or applying failed. */
  error: string | null;
  /** What the last save or delete did. */
  notice: Notice | null;
}

export type SegmentEditorEvent =
  | BareEvent<'list.retry' | 'form.submit' | 'form.cancel' | 'delete.confirm' | 'delete.cancel'>
  | BareEvent<'tags.confirm' | 'tags.back' | 'tagging.close'>
  | { type: 'segments.search'; q: string }
  | { type: 'segments.page'; page: number }
  | IdEvent<'segment.rename' | 'segment.delete' | 'segment.tag'>
  | ValueEvent<'form.name' | 'form.description'>
  /** Reset Tags (overwrite) or Add Tags with the tags chosen in the picker. */
  | { type: 'tags.apply'; mode: TagMode; tagIds: number[] };

export interface LoadInput {
  q: string;
  page: number;
}
export type LoadOutcome = ListSegmentsReply;
export type SaveOutcome = SegmentReply;
export interface ApplyInput {
  segmentId: number;
  mode: TagMode;
  tagIds: number[];
}
export type ApplyOutcome = AssignSegmentTagsReply;
