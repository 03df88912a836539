// Case-folded prefix matching that both engines answer from an index range (decision 021): the
// text folded as the index expression folds it, and a prefix as a range [prefix, upper bound).
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Lower-cases A–Z only, as SQLite's lower() and PostgreSQL's lower() under "C" both do. */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The smallest string above every string that starts with `prefix`, in code-point (UTF-8 byte)
 * order: the last code point plus one, skipping the surrogate range.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix].map((ch) => ch.codePointAt(0)!);
  while (points.length > 0) {
    let last = points.pop()! + 1;
    if (last === 0xd800) last = 0xe000;
    if (last <= 0x10ffff) return String.fromCodePoint(...points, last);
  }
  return null;
}

/** Search text as matched: trimmed, inner runs of spaces as one, ASCII-folded. */
export function normaliseQuery(q: string): string {
  return foldAscii(q.trim().replace(/\s+/g, ' '));
}

export function prefixMatch(expression: RawBuilder<string>, prefix: string): RawBuilder<SqlBool> {
  const upper = prefixUpperBound(prefix);
  return upper === null
    ? sql`${expression} >= ${prefix}`
    : sql`(${expression} >= ${prefix} and ${expression} < ${upper})`;
}
