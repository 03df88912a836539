// How a refused input names its fields, the same for every route (decision 042): HTTP 400 with
// `{ status: false, msg, fields }`, `fields` mapping each field of the request as it was sent
// (dotted for JSON inside a form field: `users.0.last_name`, `changes.email`) to one message a
// person reads, limits included. The schema check of every route and the checks inside handlers
// (create, update) answer in this one shape; the panel shows each message at its field.
import * as v from 'valibot';

/** Request field (dotted path) → what is wrong with it. '_' holds problems of the whole request. */
export const FieldMessages = v.record(v.string(), v.string());
export type FieldMessages = v.InferOutput<typeof FieldMessages>;

/** Key of `fields` for a problem no single field holds. */
export const WHOLE_REQUEST = '_';

/**
 * Body of every HTTP 400. `errors` is the older list form (field → every message), kept for the
 * callers that read it; a form reads `fields`. Routes add their own keys (update_account/ its
 * isPositive/isUpdated/message), which this schema lets through.
 */
export const BadRequestReply = v.looseObject({
  status: v.literal(false),
  msg: v.string(),
  errors: v.record(v.string(), v.array(v.string())),
  fields: FieldMessages,
});
export type BadRequestReply = v.InferOutput<typeof BadRequestReply>;

type Issue = v.BaseIssue<unknown>;

/**
 * An empty map from request field to message. Field names come from the client, so the map has no
 * prototype: `toString`, `constructor` or `__proto__` is a field like any other, never a member
 * of Object.prototype that `??=` would find (and then push to) or that assignment would replace.
 */
export function fieldMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

const DEFAULT_MESSAGE = /^Invalid \w+: (Expected|Received) /;
const count = (n: unknown, input: unknown, one: string, many: string) =>
  `${String(n)} ${typeof input === 'string' ? (n === 1 ? 'character' : 'characters') : n === 1 ? one : many}`;

/** The message of an issue in words, with its limit: a schema's own message is kept as it is. */
export function issueMessage(issue: Issue): string {
  if (issue.type === 'union' && issue.issues?.length) return issueMessage(issue.issues[issue.issues.length - 1]!);
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const req = issue.requirement;
  switch (issue.type) {
    case 'max_length':
      return `At most ${count(req, issue.input, 'item', 'items')}.`;
    case 'min_length':
      return `At least ${count(req, issue.input, 'item', 'items')}.`;
    case 'length':
      return `Exactly ${count(req, issue.input, 'item', 'items')}.`;
    case 'non_empty':
      return 'Required.';
    case 'max_value':
      return `At most ${String(req)}.`;
    case 'min_value':
      return `At least ${String(req)}.`;
    case 'integer':
      return 'A whole number.';
    case 'regex':
      return 'Not in the expected form.';
    case 'picklist':
      return `Choose one of ${(issue.expected ?? 'the choices')
        .replace(/^\(|\)$/g, '')
        .replaceAll('"', '')
        .split(' | ')
        .join(', ')}.`;
    default:
      if (issue.kind === 'schema' && issue.received === 'undefined') return 'Required.';
      return 'Not valid.';
  }
}

/** The request field an issue is about: its path, dotted; WHOLE_REQUEST for the body itself. */
export function issueField(issue: Issue): string {
  const keys = (issue.path ?? []).map((item) => String(item.key as string | number));
  return keys.length ? keys.join('.') : WHOLE_REQUEST;
}

/** Field → first message, from a failed schema check. */
export function fieldsOfIssues(issues: readonly Issue[]): FieldMessages {
  const fields = fieldMap<string>();
  for (const issue of issues) fields[issueField(issue)] ??= issueMessage(issue);
  return fields;
}

/** Field → every message (the older `errors` form of the 400 body). */
export function messagesOfIssues(issues: readonly Issue[]): Record<string, string[]> {
  const errors = fieldMap<string[]>();
  for (const issue of issues) (errors[issueField(issue)] ??= []).push(issueMessage(issue));
  return errors;
}

/** A short summary for the top of a form: the one message, or how many fields are wrong. */
export function summaryOf(fields: FieldMessages, fallback = 'Some fields are not valid.'): string {
  const messages = Object.values(fields);
  if (messages.length === 1) return messages[0]!;
  return messages.length > 1 ? `${messages.length} fields are not valid.` : fallback;
}

/**
 * The fields nested under `prefix` (`changes` → `changes.last_name` becomes `last_name`); with
 * `rest`, those not under it, as they are.
 */
export function fieldsUnder(fields: FieldMessages, prefix: string): FieldMessages {
  const out = fieldMap<string>();
  const start = `${prefix}.`;
  for (const [key, message] of Object.entries(fields))
    if (key.startsWith(start)) out[key.slice(start.length)] = message;
  return out;
}

export function fieldsOutside(fields: FieldMessages, prefix: string): FieldMessages {
  const out = fieldMap<string>();
  for (const [key, message] of Object.entries(fields)) if (!key.startsWith(`${prefix}.`)) out[key] = message;
  return out;
}

/** Prefixes every key: a handler's own check on `email` reported as the request field `changes.email`. */
export function fieldsWithin(prefix: string, fields: Readonly<Record<string, string>>): FieldMessages {
  return Object.fromEntries(Object.entries(fields).map(([k, m]) => [`${prefix}.${k}`, m]));
}

/**
 * A refusal that names fields, as a failed call carries it to a machine: the panel's HTTP client
 * throws it for a 400 with `fields` (src/services/http.ts FieldRefusalError). Read by shape, so a
 * machine needs no import of the services.
 */
export interface FieldRefusal {
  msg: string;
  fields: FieldMessages;
}

export function fieldRefusalOf(error: unknown): FieldRefusal | null {
  const e = error as { refusal?: unknown } | null | undefined;
  const parsed = v.safeParse(v.object({ msg: v.string(), fields: FieldMessages }), e?.refusal);
  return parsed.success ? parsed.output : null;
}
