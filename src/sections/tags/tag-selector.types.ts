import type { AssignTagsReply, FetchTagsReply, Tag } from '../../domain/tags';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { TextEvent } from '../../machines/shared/payload-event.types';

export interface TagSelectorInput {
  userId: number;
}

export interface TagSelectorContext {
  userId: number;
  /** Every tag (is_group 0) and every tag group. */
  tags: Tag[];
  groups: Tag[];
  /** The user's tags as the person has chosen them, in the order shown. */
  chosen: number[];
  /** What the person is typing in the selector's box. */
  query: string;
  /** Why loading or the last save failed. */
  error: string | null;
  /** A change arrived while a save was on its way: send again once it answers. */
  pending: boolean;
}

export type TagSelectorEvent =
  | BareEvent<'tags.retry' | 'list.retry'>
  | TextEvent<'tags.query'>
  | { type: 'tags.add'; tagId: number }
  | { type: 'tags.remove'; tagId: number }
  /** "Create tag '…'": opens the Create Tag dialog with the typed name. */
  | { type: 'tags.create' }
  /** From the Create Tag dialog: the new tag, to be selected. */
  | { type: 'tag.created'; tag: Tag };

export type LoadOutcome = FetchTagsReply;
export type SaveOutcome = AssignTagsReply;
export interface SaveInput {
  userId: number;
  tags: number[];
}
