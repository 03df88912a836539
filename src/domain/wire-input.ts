// What any request's text and JSON must be before a route's own rules look at it, the same on
// SQLite and PostgreSQL (issue 25 §5). PostgreSQL's text cannot hold NUL while SQLite's can, so a
// NUL that reached a query was a 500 on one engine and a stored row on the other; and JSON nested
// without bound overflowed the stack of whatever walked it next (a message naming a value, an audit
// row's JSON.stringify). wire.ts's Text and RequiredText refuse control characters already; Email,
// JsonField and the routes' own text fields build on the steps here.
import * as v from 'valibot';
import { NO_CONTROL_CHARACTERS } from './auth';

export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed.';
/** One line a person typed: no control character at all (NUL, escape, line breaks…). */
export const oneLine = () => v.regex<string, string>(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

/** Tabs and line breaks are part of a longer text (a reason, a description); no other control character is. */
export const NO_CONTROL_BUT_LINE_BREAKS = /^(?:[\t\n\r]|\P{Cc})*$/u;
export const lines = () => v.regex<string, string>(NO_CONTROL_BUT_LINE_BREAKS, CONTROL_CHARACTERS_MESSAGE);

/** Deeper than any request's JSON needs (the deepest schema has a few levels), far below the stack's limit. */
export const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with a parsed JSON value as a whole: nested deeper than MAX_JSON_DEPTH, or (unless
 * `nul` allows it) a NUL in a string or a key. Walked with a list, not recursion, so any depth is safe.
 */
export function jsonValueProblem(value: unknown, opts: { nul: boolean }): 'depth' | 'nul' | null {
  const hasNul = (text: string) => !opts.nul && text.includes('\u0000');
  if (typeof value === 'string') return hasNul(value) ? 'nul' : null;
  if (typeof value !== 'object' || value === null) return null;
  // Only objects and lists are queued: a list of 100,000 numbers or strings is checked in one pass
  // without an entry per item (queuing every item cost a quarter of a second on the server's thread).
  const pending: [object, number][] = [[value, 0]];
  const visit = (item: unknown, depth: number): 'nul' | null => {
    if (typeof item === 'string') return hasNul(item) ? 'nul' : null;
    if (typeof item === 'object' && item !== null) pending.push([item, depth]);
    return null;
  };
  while (pending.length > 0) {
    const [x, depth] = pending.pop()!;
    if (depth >= MAX_JSON_DEPTH) return 'depth';
    if (Array.isArray(x)) {
      for (const item of x) if (visit(item, depth + 1)) return 'nul';
      continue;
    }
    for (const [key, item] of Object.entries(x)) {
      if (hasNul(key) || visit(item, depth + 1)) return 'nul';
    }
  }
  return null;
}

/**
 * A pipe step after parseJson: refuses JSON too deep to walk (and, unless `nul` allows it, a NUL
 * anywhere in it) before any schema or message walks it. `what` names the field in the message.
 */
export const boundedJson = (what: string, opts: { nul: boolean } = { nul: false }) =>
  v.rawCheck<unknown>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = jsonValueProblem(dataset.value, opts);
    if (problem === 'depth') addIssue({ message: `${what} is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` });
    if (problem === 'nul') addIssue({ message: `${what} cannot contain a NUL character.` });
  });
