import type { CreateTagReply, Tag } from '../../domain/tags';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { FieldEvent } from '../../machines/shared/payload-event.types';

/** What the Create Tag dialog holds while a person fills it in (spec §2). */
export interface TagDraft {
  name: string;
  color: string;
  description: string;
  /** The tag group, or null for none. */
  groupId: number | null;
}

export interface TagCreationContext {
  draft: TagDraft;
  /** The server's refusal (a duplicate name …) or why the call failed. */
  error: string | null;
}

export type TagCreationEvent =
  | BareEvent<'tag.submit' | 'tag.retry' | 'tag.cancel'>
  /** Opens the dialog; `name` is what the person had typed in the selector. */
  | { type: 'tag.open'; name: string }
  | FieldEvent<'draft.change', 'name' | 'color' | 'description'>
  | { type: 'draft.group'; groupId: number | null };

export type CreateOutcome = CreateTagReply;
export type { Tag };
