// The Control Panel's machine (researchFlags): what it is given, holds and hears.
import type { ResearchFlagKey, ResearchFlags } from '../../../domain/broker-research';
import type { FlagsReply, FlagsState, LatestSubmission } from '../../../domain/broker-research-control-panel';
import type { Notice } from '../../../machines/shared/notice';

/** What is kept of a changed set across a reload (decision 042): the flags on screen, what they started from, its version. */
export interface FlagsDraftSet {
  flags: ResearchFlags;
  base: ResearchFlags;
  version: number;
}
/** The changed sets by distributor. */
export type FlagsDraft = Record<string, FlagsDraftSet>;

/** Someone else saved a distributor's flags first: what is stored now, and which flags they changed. */
export interface FlagsConflict {
  msg: string;
  current: FlagsState;
  /** Labels of the flags theirs changed from what this edit started from. */
  changed: string[];
}

/** One distributor's flags on the panel. */
export interface DistributorFlags {
  dist: string;
  /** 'Acme', 'Refinitiv'. */
  label: string;
  stored: FlagsState;
  form: ResearchFlags;
  base: ResearchFlags;
  version: number;
  conflict: FlagsConflict | null;
  /** The server's refusal at each flag (flags.<key>) or at the whole set (_). */
  serverErrors: Record<string, string>;
  notice: Notice | null;
}

/** The submissions waiting for review: their count and the newest few; null when the count could not be read. */
export interface WaitingSubmissions {
  count: number;
  latest: LatestSubmission[];
}

export interface ResearchFlagsInput {
  /** The distributors this session sees, in order: the product's, then tri with tri_submittor. */
  dists: { dist: string; label: string }[];
  draft: FlagsDraft | null;
}

export interface ResearchFlagsContext {
  dists: { dist: string; label: string }[];
  sets: DistributorFlags[];
  waiting: WaitingSubmissions | null;
  draft: FlagsDraft | null;
  /** The distributor being saved. */
  saving: string | null;
  /** Why loading failed (spec §8). */
  error: string | null;
}

export type ResearchFlagsEvent =
  | { type: 'flags.retry' }
  | { type: 'flag.toggle'; dist: string; key: ResearchFlagKey }
  | { type: 'flags.save'; dist: string }
  | { type: 'flags.discard'; dist: string };

export interface LoadOutcome {
  replies: FlagsReply[];
  /** Null when the count could not be read: the flags still show. */
  waiting: WaitingSubmissions | null;
}
export type SaveOutcome = FlagsReply;
export interface SaveInput {
  dist: string;
  flags: ResearchFlags;
  version: number;
}
