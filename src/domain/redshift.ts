// Redshift Configuration (/redshift_configuration, spec §2, §3, §7, §8; decision 054): one
// configuration for the deployment. Two switches (user_script, account_script) and the flags the
// user script ignores (user_flag: expire_time, product, user_type). A save names the version it
// was read at: a save in between answers 409 with the configuration as stored now.
import * as v from 'valibot';
import { conflictOf } from './conflict';

/** Spec §8: what a save says. */
export const REDSHIFT_MESSAGES = {
  saved: 'Redshift configuration saved Successfully',
  failed: 'Something went wrong.',
} as const;

const Bool = v.boolean('Must be true or false.');

/** Refuses a key the configuration has not (named), a missing one, or something other than an object. */
const strict = (what: string) => (issue: v.BaseIssue<unknown>) => {
  if (issue.expected === 'never') return `There is no setting ${issue.received} in ${what}.`;
  if (issue.received === 'undefined') return 'Required.';
  return `${what} must be an object of true/false settings.`;
};

/** A JSON object (not a list, which valibot's object schemas would read by index). */
const objectOnly = (what: string) =>
  v.custom<Record<string, unknown>>(
    (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
    `${what} must be an object of true/false settings.`,
  );

export const RedshiftUserFlag = v.pipe(
  objectOnly('user_flag'),
  v.strictObject({ expire_time: Bool, product: Bool, user_type: Bool }, strict('user_flag')),
);
export type RedshiftUserFlag = v.InferOutput<typeof RedshiftUserFlag>;

export const RedshiftConfiguration = v.pipe(
  objectOnly('redshift_configuration'),
  v.strictObject(
    { user_script: Bool, account_script: Bool, user_flag: RedshiftUserFlag },
    strict('redshift_configuration'),
  ),
);
export type RedshiftConfiguration = v.InferOutput<typeof RedshiftConfiguration>;

/** The labels a person reads (spec §2), by field. */
export const REDSHIFT_LABELS = {
  user_script: 'User Script',
  account_script: 'Account Script',
  ignoreFlags: 'Ignore flag in user script',
  expire_time: 'Expire Time',
  product: 'Product',
  user_type: 'User Type',
} as const;
export const REDSHIFT_FLAG_KEYS = [
  'expire_time',
  'product',
  'user_type',
] as const satisfies readonly (keyof RedshiftUserFlag)[];

/** Its version and who saved it last: with the configuration when stored, beside it in a reply. */
const SavedLast = {
  /** Raised by every save; a save names the version it started from. */
  version: v.number(),
  /** Email of the staff member who saved last; null before anyone has (or when that account is gone). */
  updated_by_email: v.nullable(v.string()),
  /** When it was saved last, epoch ms; null before anyone has. */
  updated_at: v.nullable(v.number()),
};

/** The stored configuration with who saved it last. */
export const RedshiftState = v.object({ configuration: RedshiftConfiguration, ...SavedLast });
export type RedshiftState = v.InferOutput<typeof RedshiftState>;

// ── GET fetch_redshift_configuration/ ─────────────────────────────────────
/** Spec §7: result.configuration; the version and who saved last beside it. */
export const FetchRedshiftReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  result: v.object({ configuration: RedshiftConfiguration }),
  ...SavedLast,
});
export type FetchRedshiftReply = v.InferOutput<typeof FetchRedshiftReply>;

// ── POST redshift_configuration/ (JSON) ───────────────────────────────────
/** The largest version the column holds (PostgreSQL's integer): a larger one is no version at all, not a stale one. */
export const REDSHIFT_VERSION_MAX = 2_147_483_647;
const Version = v.pipe(
  v.number('Expected the version the configuration was read at.'),
  v.integer('Expected a version.'),
  v.minValue(1, 'Expected a version.'),
  v.maxValue(REDSHIFT_VERSION_MAX),
);
export const SaveRedshiftBody = v.strictObject(
  // Spec §7 sends only redshift_configuration: a save without the version it was read at is
  // applied over what is stored and audited as unversioned; the panel always sends it.
  { redshift_configuration: RedshiftConfiguration, version: v.optional(Version) },
  (issue) =>
    issue.expected === 'never'
      ? `There is no field ${issue.received}.`
      : issue.received === 'undefined'
        ? 'Required.'
        : 'The body must be a JSON object.',
);
export type SaveRedshiftBody = v.InferOutput<typeof SaveRedshiftBody>;

/** A save's reply has the fetch's shape, msg saying it was saved. */
export const SaveRedshiftReply = FetchRedshiftReply;
export type SaveRedshiftReply = FetchRedshiftReply;

/** HTTP 409: someone saved since the version the save started from; `current` is what is stored now. */
export const StaleRedshiftReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: RedshiftState,
});
export type StaleRedshiftReply = v.InferOutput<typeof StaleRedshiftReply>;

/** What a reply says is stored now. */
export const redshiftStateOf = (reply: FetchRedshiftReply): RedshiftState => ({
  configuration: reply.result.configuration,
  version: reply.version,
  updated_by_email: reply.updated_by_email,
  updated_at: reply.updated_at,
});

/** A failed save's 409, read by shape. */
export const staleRedshiftOf = (error: unknown): StaleRedshiftReply | null => conflictOf(error, StaleRedshiftReply);

/** The labels of the settings that differ between two configurations, in the screen's order. */
export function redshiftChanges(a: RedshiftConfiguration, b: RedshiftConfiguration): string[] {
  const out: string[] = [];
  if (a.user_script !== b.user_script) out.push(REDSHIFT_LABELS.user_script);
  if (a.account_script !== b.account_script) out.push(REDSHIFT_LABELS.account_script);
  for (const k of REDSHIFT_FLAG_KEYS) if (a.user_flag[k] !== b.user_flag[k]) out.push(REDSHIFT_LABELS[k]);
  return out;
}

export const sameRedshift = (a: RedshiftConfiguration, b: RedshiftConfiguration) => redshiftChanges(a, b).length === 0;
