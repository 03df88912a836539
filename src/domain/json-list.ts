// A JSON list of identifiers over its limit is refused from its first items: the routes that take
// the largest lists (assign_tags/, the group uploads, bulk edit's identifiers) allow bodies of
// several MB, and parsing and checking millions of items only to say "too many" took seconds.
import * as v from 'valibot';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index of the quote closing a JSON string whose text starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at !== -1; at = text.indexOf('"', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}

/**
 * Whether JSON text that is a list holds more than `max` items, read no further than the comma
 * after item `max`: the outer list's commas are counted, strings and nested values skipped. Text
 * that is no list, or is broken before that comma, answers false and is left to the JSON parser.
 */
export function jsonListLongerThan(text: string, max: number): boolean {
  let i = 0;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  if (text[i] !== '[') return false;
  let depth = 0;
  let commas = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i + 1);
      if (i === -1) return false;
    } else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) {
      if (--depth === 0) return false;
    } else if (c === 0x2c && depth === 1 && ++commas >= max) return true;
  }
  return false;
}

/**
 * Put before the JSON parse of a list field: refuses a list of more than `max` items before it is
 * parsed, let alone its items checked. The field's own schema keeps its length check too.
 */
export const listAtMost = (max: number, message: string) =>
  v.check<string, string>((text) => !jsonListLongerThan(text, max), message);

/**
 * `v.array(item)` for lists of up to 100,000 items, with the same output and issues: a list whose
 * every item `accepts` (in one loop) is taken as it is; any other is left to `v.array(item)`, so
 * a wrong item is named exactly as before. valibot's steps cost about a microsecond per item:
 * 100,000 ids took 40–130 ms of the server's only thread, 100,000 identifiers 60–190 ms.
 * `accepts` must hold only for values `item` takes unchanged.
 */
export function longList<S extends v.GenericSchema>(
  item: S,
  accepts: (x: unknown) => x is v.InferOutput<S>,
): v.ArraySchema<S, undefined> {
  const each = v.array(item);
  const run: (typeof each)['~run'] = (dataset, config) => {
    const input = dataset.value;
    if (!Array.isArray(input) || !input.every(accepts)) return each['~run'](dataset, config);
    return Object.assign(dataset, { typed: true as const, value: [...input] as v.InferOutput<S>[] });
  };
  // '~standard' (for other libraries) stays v.array's own: the same answer, item by item.
  return { ...each, '~run': run };
}
