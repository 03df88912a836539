// The copy of a user's content onto other users (contentCopy): what it is given, holds and hears.
import type { ClashResolution, ContentKind, CopyContentReply } from '../../domain/user-content';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { TextEvent } from '../../machines/shared/payload-event.types';

/** A chosen item, named so the dialog (and a kept draft) can say what is copied. */
export interface CopyItem {
  id: number;
  name: string;
}

export interface ContentCopyInput {
  kind: ContentKind;
  sourceUserId: number;
  items: CopyItem[];
  /** The users to copy to as typed: emails, usernames or ids, one per line or comma-separated. */
  targets: string;
  onClash: ClashResolution;
}

export interface ContentCopyContext extends ContentCopyInput {
  /** The preview on screen; null until previewed, and again once the text or the choice changes. */
  report: CopyContentReply | null;
  /** The server's word on a copy made. */
  message: string | null;
  /** The server's messages by request field (targets, item_ids); `_` is the summary. */
  fieldErrors: Record<string, string>;
  /** Why the call got no answer or was refused outright. */
  error: string | null;
  /** Which call Retry sends again. */
  pending: 'preview' | 'copy';
}

export type ContentCopyEvent =
  | BareEvent<'copy.preview' | 'copy.send' | 'copy.retry' | 'copy.cancel' | 'copy.close'>
  | TextEvent<'targets.change'>
  | { type: 'clash.change'; choice: ClashResolution };

/** What the dialog says when it closes: the server's message when something was copied. */
export interface CopyClosed {
  message: string | null;
}
