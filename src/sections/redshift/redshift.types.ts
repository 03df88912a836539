// Redshift Configuration's machine (redshiftConfig): what it is given, holds and hears.
import type {
  FetchRedshiftReply,
  RedshiftConfiguration,
  RedshiftState,
  SaveRedshiftReply,
} from '../../domain/redshift';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';

/** A switch or a checkbox of the form, by its field: the two scripts and the three ignored flags. */
export type RedshiftToggle = 'user_script' | 'account_script' | 'expire_time' | 'product' | 'user_type';

/** What is kept of a changed form across a reload (decision 042): the settings and what they started from. */
export interface RedshiftDraft {
  configuration: RedshiftConfiguration;
  /** The version the edit started from: a save from it after someone else's is told, not applied. */
  version: number;
  base: RedshiftConfiguration;
}

/** Someone else saved first: what is stored now, and which settings they changed. */
export interface RedshiftConflict {
  msg: string;
  current: RedshiftState;
  /** Labels of the settings theirs changed from what this edit started from. */
  changed: string[];
}

export interface RedshiftConfigInput {
  /** A changed form kept from before a reload: it is shown again once the configuration is read. */
  draft: RedshiftDraft | null;
}

export interface RedshiftConfigContext {
  /** The configuration as last read or saved, with who saved it and when. */
  stored: RedshiftState | null;
  /** The form: what is on screen. */
  form: RedshiftConfiguration | null;
  /** What the form started from, and its version. */
  base: RedshiftConfiguration | null;
  version: number;
  draft: RedshiftDraft | null;
  /** The server's refusal at each field (user_script, user_flag.product …), until the field changes. */
  serverErrors: Record<string, string>;
  conflict: RedshiftConflict | null;
  /** Why loading failed. */
  error: string | null;
  /** What the last save did (spec §8). */
  notice: Notice | null;
}

export type RedshiftConfigEvent =
  BareEvent<'redshift.retry' | 'form.save' | 'form.discard'> | { type: 'form.toggle'; key: RedshiftToggle };

export type LoadOutcome = FetchRedshiftReply;
export type SaveOutcome = SaveRedshiftReply;
export interface SaveInput {
  configuration: RedshiftConfiguration;
  version: number;
}
