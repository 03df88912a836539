// Matching text inside a column with LIKE, the person's own %, _ and \ taken literally. SQLite has
// no default escape character (PostgreSQL's is \), so every pattern names its escape.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from './connect';
import { foldAscii } from './prefix-match';

/** `text` with LIKE's wildcards and the escape character escaped. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern of "holds `text` anywhere". */
export const containsPattern = (text: string): string => `%${likeEscaped(text)}%`;

/** `expression like pattern`, with the escape character the patterns above use. */
export const likeWith = (
  expression: Expression<unknown> | RawBuilder<unknown>,
  pattern: string | RawBuilder<unknown>,
): RawBuilder<SqlBool> => sql<SqlBool>`${expression} like ${pattern} escape '\\'`;

/** `expression` holds `text` (folded the way the expression is) anywhere. */
export const contains = (expression: Expression<unknown> | RawBuilder<unknown>, text: string): RawBuilder<SqlBool> =>
  likeWith(expression, containsPattern(text));

/** `text` folded as the database's lower() folds it: A–Z only on SQLite, more on PostgreSQL. */
export const foldedAsLower = (engine: Engine, text: string): string =>
  engine === 'postgres' ? text.toLowerCase() : foldAscii(text);
