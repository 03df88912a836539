// Audit log entries (spec §3) and the client log call of spec §7 (log_data_in_es/).
import * as v from 'valibot';
import { NO_CONTROL_CHARACTERS } from './auth';
import { MAX_CLIENT_LOG_ENTRIES } from './constants';
import { boundedJson } from './wire-input';

// 'sku configuration' and 'redshift configuration' are the platform configuration screens (decisions 053, 054).
export const AUDIT_CATEGORIES = [
  'user',
  'group',
  'role',
  'account settings',
  'template settings',
  'sku configuration',
  'redshift configuration',
  'broker research',
  'auth',
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export const DEFAULT_ORIGIN = 'adminpanel';
/** What the panel may log: 'auth' entries (sign-in events) are recorded by the server alone. */
export const CLIENT_LOG_CATEGORIES = [
  'user',
  'group',
  'role',
  'account settings',
  'template settings',
] as const satisfies readonly AuditCategory[];

/** One entry as the panel sends it; the server adds author and timestamp from the session. */
export const ClientLogEntry = v.object({
  category: v.picklist(CLIENT_LOG_CATEGORIES, `The category must be one of: ${CLIENT_LOG_CATEGORIES.join(', ')}.`),
  action: v.pipe(
    v.string(),
    v.nonEmpty(),
    v.maxLength(200),
    v.regex(NO_CONTROL_CHARACTERS, 'The action cannot contain control characters.'),
  ),
  origin: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(100),
      v.regex(NO_CONTROL_CHARACTERS, 'The origin cannot contain control characters.'),
    ),
    DEFAULT_ORIGIN,
  ),
  // Stored as JSON text: JSON.stringify escapes every control character, so these may hold any.
  previous_data: v.optional(v.unknown()),
  current_data: v.optional(v.unknown()),
  success: v.optional(v.boolean(), true),
});
export type ClientLogEntry = v.InferOutput<typeof ClientLogEntry>;

/** `data` is a JSON text holding a list of entries. */
export const ClientLogForm = v.object({
  data: v.pipe(
    v.string(),
    v.parseJson(undefined, 'data must be a JSON list of log entries.'),
    // Bounded before JSON.stringify stores it; NUL is kept (stored escaped, as above).
    boundedJson('data', { nul: true }),
    v.array(ClientLogEntry),
    v.minLength(1, 'Send at least one log entry.'),
    v.maxLength(MAX_CLIENT_LOG_ENTRIES, `Send at most ${MAX_CLIENT_LOG_ENTRIES} log entries at once.`),
  ),
});
export type ClientLogForm = v.InferOutput<typeof ClientLogForm>;
