// Broker Research, Control Panel (spec §3 research flags per distributor, §6 tri_submittor, §7
// "Broker research" brflags/, §8; decision 056): the flags of one distributor, read with
// GET api/researchreports/brflags/ (dist → result.status) and saved with PUT (dist, flags → msg
// and status). The product's own distributor is always there; tri (Refinitiv) only for a
// session whose other_features has tri_submittor. A save names the version it was read at: a
// save in between answers 409 with the flags as stored now.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { RESEARCH_FLAG_KEYS, RESEARCH_FLAG_LABELS, ResearchFlagsSchema, type ResearchFlags } from './broker-research';
import { FormBool, JsonField } from './wire';

/** Spec §8 (the fetch) and what a save says. */
export const FLAG_MESSAGES = {
  fetchFailed: 'Unable to fetch Broker Research Flags status',
  saveFailed: 'The research flags were not saved.',
  saved: (distributor: string) => `Research flags of ${distributor} saved.`,
  unknownDist: (dist: string) => `There is no distributor ${dist}.`,
  triRefused: 'The Refinitiv flags need the Refinitiv submitter permission.',
} as const;

/** A distributor's key as the wire names it: the product key or tri. */
export const Dist = v.pipe(
  v.string('Name a distributor.'),
  v.trim(),
  v.nonEmpty('Name a distributor.'),
  v.maxLength(40, 'Name a distributor.'),
  v.regex(/^[a-z0-9_]+$/, 'Name a distributor by its key.'),
);

/** A version a save started from: 0 for flags never saved. */
const VERSION_MESSAGE = 'Expected the version the flags were read at.';
const Version = v.pipe(v.string(VERSION_MESSAGE), v.regex(/^\d{1,9}$/, VERSION_MESSAGE), v.transform(Number));

/** The flags of one distributor as stored, with who saved them last. */
export const FlagsState = v.object({
  dist: v.string(),
  flags: ResearchFlagsSchema,
  /** 0 before anyone saved them (the defaults show); raised by every save. */
  version: v.number(),
  /** Username of who saved last; null before anyone has. */
  updated_by: v.nullable(v.string()),
  /** Epoch ms; null before anyone has saved. */
  updated_at: v.nullable(v.number()),
});
export type FlagsState = v.InferOutput<typeof FlagsState>;

// ── GET api/researchreports/brflags/ (dist) ──────────────────────────
export const FlagsQuery = v.object({ dist: Dist });
/** Spec §7: result.status holds the flags; the version and who saved last beside them. */
export const FlagsReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  result: v.object({ status: ResearchFlagsSchema }),
  dist: v.string(),
  version: v.number(),
  updated_by: v.nullable(v.string()),
  updated_at: v.nullable(v.number()),
});
export type FlagsReply = v.InferOutput<typeof FlagsReply>;

// ── PUT api/researchreports/brflags/ (dist, flags) ───────────────────
/** Form data: dist, flags (JSON text: every flag, true or false) and the version read. */
export const SaveFlagsForm = v.object({
  dist: Dist,
  flags: JsonField(ResearchFlagsSchema, 'flags', 2_000),
  // Spec §7 sends dist and flags alone: a save without the version it was read at is applied
  // over what is stored and audited as unversioned; the panel always sends it.
  version: v.optional(Version),
});
export type SaveFlagsForm = v.InferOutput<typeof SaveFlagsForm>;
/** A save's reply has the read's shape, msg saying what was saved. */
export const SaveFlagsReply = FlagsReply;
export type SaveFlagsReply = FlagsReply;

/** HTTP 409: someone saved since the version the save started from; `current` is what is stored now. */
export const StaleFlagsReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: FlagsState,
});
export type StaleFlagsReply = v.InferOutput<typeof StaleFlagsReply>;

export const flagsStateOf = (reply: FlagsReply): FlagsState => ({
  dist: reply.dist,
  flags: reply.result.status,
  version: reply.version,
  updated_by: reply.updated_by,
  updated_at: reply.updated_at,
});

/** A failed save's 409, read by shape. */
export const staleFlagsOf = (error: unknown): StaleFlagsReply | null => conflictOf(error, StaleFlagsReply);

/** The labels of the flags that differ, in the screen's order. */
export function flagChanges(a: ResearchFlags, b: ResearchFlags): string[] {
  return RESEARCH_FLAG_KEYS.filter((k) => a[k] !== b[k]).map((k) => RESEARCH_FLAG_LABELS[k].label);
}
export const sameFlags = (a: ResearchFlags, b: ResearchFlags) => flagChanges(a, b).length === 0;

// ── GET api/researchreports/get_new_researchreports/ (latest, fetch_new) ──
/** Submissions `latest` may ask for at most. */
export const LATEST_MAX = 20;
/**
 * fetch_new (default true): answer result.SUBMISSION_STATUS_NEW, the count of submissions waiting
 * (status new). latest (default 0): also the N newest of them, newest first, in result.latest.
 */
export const NewSubmissionsQuery = v.object({
  latest: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `Ask for 0 to ${LATEST_MAX} submissions.`),
      v.transform(Number),
      v.maxValue(LATEST_MAX, `Ask for 0 to ${LATEST_MAX} submissions.`),
    ),
    '0',
  ),
  fetch_new: v.optional(FormBool, 'true'),
});
export type NewSubmissionsQuery = v.InferOutput<typeof NewSubmissionsQuery>;

/** One waiting submission as the Control Panel lists it. */
export const LatestSubmission = v.object({
  id: v.number(),
  title: v.string(),
  username: v.string(),
  submitted_at: v.number(),
});
export type LatestSubmission = v.InferOutput<typeof LatestSubmission>;

export const NewSubmissionsReply = v.object({
  status: v.literal(true),
  result: v.object({
    /** Submissions of status new; absent when fetch_new is false. */
    SUBMISSION_STATUS_NEW: v.optional(v.number()),
    latest: v.array(LatestSubmission),
  }),
});
export type NewSubmissionsReply = v.InferOutput<typeof NewSubmissionsReply>;
