// The wire primitives every request schema builds on: typed text, ids, form booleans and JSON
// carried in one form field (spec §7: requests are form data). Kept apart from any one section's
// contract so each domain file imports them from here, not from the users' contract.
import * as v from 'valibot';
import { NO_CONTROL_CHARACTERS } from './auth';
import { boundedJson } from './wire-input';
import { FIELD_MESSAGES } from './user-rules';

/** Plain text a person typed: trimmed, bounded, no control characters. */
export const Text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max), v.regex(NO_CONTROL_CHARACTERS, 'Control characters are not allowed.'));
export const RequiredText = (label: string, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required(label)),
    v.maxLength(max),
    v.regex(NO_CONTROL_CHARACTERS, 'Control characters are not allowed.'),
  );

/** The largest id (and version) a table holds: ids are `integer` columns, 32 bits on PostgreSQL. */
export const MAX_ID = 2_147_483_647;
/** A positive database id, sent as form text or as a JSON number; a larger one is no id (never a query PostgreSQL refuses). */
export const Id = v.pipe(
  v.union([v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Expected an id.'), v.transform(Number)), v.number()]),
  v.integer('Expected an id.'),
  v.minValue(1, 'Expected an id.'),
  v.maxValue(MAX_ID, 'Expected an id.'),
);
/** Whether a JSON value is an id as `Id` takes it unchanged (a number; digits as text are converted by `Id`). */
export const isId = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= MAX_ID;
/** An edit of a stored record: its id and the version the edit started from (another save in between refuses it, 409). */
export const StoredEdit = { id: Id, version: Id };
/** A record a person names and may describe: the name required, the description empty when left out. */
export const NameAndDescription = (nameMax: number, descriptionMax: number) => ({
  name: RequiredText('Name', nameMax),
  description: v.optional(Text(descriptionMax), ''),
});
/** Form booleans: 'true'/'false' (also '1'/'0', and JSON booleans). */
export const FormBool = v.pipe(
  v.union([v.picklist(['true', 'false', '1', '0']), v.boolean()]),
  v.transform((x) => x === true || x === 'true' || x === '1'),
);
/** A form field holding JSON text that must match `schema`: bounded in depth and free of NUL before `schema` walks it. */
export const JsonField = <S extends v.GenericSchema>(schema: S, what: string, maxChars = 1_000_000) =>
  v.pipe(v.string(), v.maxLength(maxChars), v.parseJson(undefined, `${what} must be JSON.`), boundedJson(what), schema);
/** A form field holding a JSON list of `item`s: at least one (else `none`), at most `max` (else `over`). */
export const JsonListField = <S extends v.GenericSchema>(
  item: S,
  what: string,
  none: string,
  max: number,
  over?: string,
) => JsonField(v.pipe(v.array(item), v.minLength(1, none), v.maxLength(max, over)), what);
