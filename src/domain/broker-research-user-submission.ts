// Broker Research, User Submission (spec §2; decisions 055, 056): research users submitted (a
// title, a summary, tickers, the file's name and size, the broker it is about), listed newest
// first a page at a time (keyset on submitted_at, id), filtered by status and searched by title;
// staff review them. The review's lifecycle is data (SUBMISSION_ACTIONS): the server checks it,
// the panel shows only what the status allows. Every action names the version it was read at:
// of two staff acting at once one wins and the other is told who, with the submission now.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { Reason, SUBMISSION_STATUSES, type SubmissionStatus } from './broker-research';
import { Id, Text } from './wire';

/** Submissions a page holds. */
export const SUBMISSION_PAGE_SIZE = 50;
export const SUBMISSION_SEARCH_MAX = 100;

// ── the review lifecycle ─────────────────────────────────────────────
//   new ──start_review──► in_review
//   new, in_review ──publish──► published
//   new, in_review ──reject (reason)──► rejected
/** What staff do to a submission, from which statuses, to which; what it says once done. */
export const SUBMISSION_ACTIONS = {
  start_review: { from: ['new'], to: 'in_review', label: 'Start review', done: 'Review started.', needsReason: false },
  publish: { from: ['new', 'in_review'], to: 'published', label: 'Publish', done: 'Published.', needsReason: false },
  reject: { from: ['new', 'in_review'], to: 'rejected', label: 'Reject', done: 'Rejected.', needsReason: true },
} as const satisfies Record<
  string,
  { from: readonly SubmissionStatus[]; to: SubmissionStatus; label: string; done: string; needsReason: boolean }
>;
export type SubmissionAction = keyof typeof SUBMISSION_ACTIONS;
export const SUBMISSION_ACTION_KEYS = Object.keys(SUBMISSION_ACTIONS) as SubmissionAction[];
export const canActOnSubmission = (action: SubmissionAction, status: SubmissionStatus): boolean =>
  (SUBMISSION_ACTIONS[action].from as readonly SubmissionStatus[]).includes(status);
export const actionsFor = (status: SubmissionStatus): SubmissionAction[] =>
  SUBMISSION_ACTION_KEYS.filter((a) => canActOnSubmission(a, status));
/** Statuses no action leaves. */
export const FINAL_SUBMISSION_STATUSES: readonly SubmissionStatus[] = SUBMISSION_STATUSES.filter(
  (s) => actionsFor(s).length === 0,
);

export const SUBMISSION_MESSAGES = {
  noSubmission: (id: number) => `No submission has the id ${id}.`,
  notFrom: (action: SubmissionAction, status: SubmissionStatus) =>
    `${SUBMISSION_ACTIONS[action].label} is not possible for a submission that is ${status.replace('_', ' ')}.`,
  listFailed: 'The submissions could not be loaded.',
} as const;

// ── one submission on the wire ───────────────────────────────────────
export const SubmissionItem = v.object({
  id: v.number(),
  title: v.string(),
  summary: v.string(),
  tickers: v.array(v.string()),
  file_name: v.string(),
  /** Bytes. */
  file_size: v.number(),
  broker: v.nullable(v.object({ id: v.number(), name: v.string() })),
  user: v.object({ id: v.number(), username: v.string(), email: v.string(), name: v.string() }),
  status: v.picklist(SUBMISSION_STATUSES),
  /** Why it was rejected. */
  reason: v.nullable(v.string()),
  submitted_at: v.number(),
  /** Username of who last moved it on (started the review, published or rejected). */
  reviewed_by: v.nullable(v.string()),
  reviewed_at: v.nullable(v.number()),
  version: v.number(),
});
export type SubmissionItem = v.InferOutput<typeof SubmissionItem>;

/** Where the next page starts: after this (submitted_at, id), going back in time. */
export const SubmissionCursor = v.object({ at: v.number(), id: v.number() });
export type SubmissionCursor = v.InferOutput<typeof SubmissionCursor>;
/** The cursor as the URL carries it: '1764000000000.812'. */
export const cursorText = (c: SubmissionCursor) => `${c.at}.${c.id}`;
const CursorField = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}\.\d{1,15}$/, 'Not a page of this list.'),
  v.transform((s): SubmissionCursor => {
    const [at, id] = s.split('.');
    return { at: Number(at), id: Number(id) };
  }),
);

// ── GET api/researchreports/user_submissions/ (status, q, cursor) ────
export const SubmissionListQuery = v.object({
  status: v.optional(
    v.union([v.literal(''), v.picklist(SUBMISSION_STATUSES, 'Choose a status.')], 'Choose a status.'),
    '',
  ),
  q: v.optional(Text(SUBMISSION_SEARCH_MAX), ''),
  cursor: v.optional(v.union([v.literal(''), CursorField], 'Not a page of this list.'), ''),
});
export type SubmissionListQuery = v.InferOutput<typeof SubmissionListQuery>;
export const SubmissionListReply = v.object({
  status: v.literal(true),
  submissions: v.array(SubmissionItem),
  /** The cursor of the next page; null on the last. */
  next: v.nullable(SubmissionCursor),
});
export type SubmissionListReply = v.InferOutput<typeof SubmissionListReply>;

// ── POST api/researchreports/user_submissions/review/ (id, action, version, reason) ──
export const SubmissionActionForm = v.pipe(
  v.object({
    id: Id,
    action: v.picklist(SUBMISSION_ACTION_KEYS, 'Choose an action.'),
    version: v.pipe(
      v.string('Expected the version the submission was read at.'),
      v.regex(/^\d{1,9}$/, 'Expected the version the submission was read at.'),
      v.transform(Number),
    ),
    reason: v.optional(v.string(), ''),
  }),
  // A rejection says why (Reason's rules); other actions carry no reason.
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { reason, ...rest } = dataset.value;
    if (!SUBMISSION_ACTIONS[rest.action].needsReason) return { ...rest, reason: null };
    const parsed = v.safeParse(Reason, reason);
    if (parsed.success) return { ...rest, reason: parsed.output };
    addIssue({
      message: parsed.issues[0].message,
      path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'reason', value: reason }],
    });
    return NEVER;
  }),
);
export type SubmissionActionForm = v.InferOutput<typeof SubmissionActionForm>;
export const SubmissionActionReply = v.object({ status: v.literal(true), msg: v.string(), submission: SubmissionItem });
export type SubmissionActionReply = v.InferOutput<typeof SubmissionActionReply>;
/** HTTP 409: someone acted since the version read; `current` is the submission now. */
export const StaleSubmissionReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: SubmissionItem,
});
export type StaleSubmissionReply = v.InferOutput<typeof StaleSubmissionReply>;

export const staleSubmissionOf = (error: unknown): StaleSubmissionReply | null =>
  conflictOf(error, StaleSubmissionReply);

/** 'Anna Berg published it' — who moved a submission on, in words. */
export function decidedText(s: SubmissionItem): string {
  const who = s.reviewed_by ?? 'Someone';
  switch (s.status) {
    case 'in_review':
      return `${who} started reviewing it`;
    case 'published':
      return `${who} published it`;
    case 'rejected':
      return `${who} rejected it`;
    default:
      return `${who} changed it`;
  }
}

/** File sizes as a person reads them: '812 KB', '3.4 MB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
