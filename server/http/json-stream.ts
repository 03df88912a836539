// A JSON reply too large to write in one go on the server's only thread: a bulk edit of 100,000
// users answers a line per user, about 9 MB, whose JSON.stringify held the thread 50–130 ms and
// stalled every other request meanwhile (decision 107). The same text JSON.stringify writes, cut
// between the items of long lists, with a turn of the event loop between slices; the reply is a
// stream that writes each piece as the connection takes it.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'hono';

/** List items written between two turns of the event loop. */
const SLICE = 2_000;
/** Characters gathered before a piece is handed on (small ones are joined first). */
const PIECE_CHARS = 64 * 1024;

/**
 * JSON text already written (a stored report), placed as it is where a value would go: read back
 * and written again, a 9 MB report cost a JSON.parse and a JSON.stringify on the server's thread.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && typeof (x as { toJSON?: unknown }).toJSON !== 'function';

/** `text` in pieces of about PIECE_CHARS, never between the two halves of a surrogate pair. */
function* slicesOf(text: string): Generator<string> {
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + PIECE_CHARS);
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to += 1;
    yield text.slice(from, to);
    from = to;
  }
}

/** JSON.stringify's text of `value`, lists of more than SLICE items cut between items. */
async function* parts(value: unknown): AsyncGenerator<string> {
  if (Array.isArray(value) && value.length > SLICE) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0 && i % SLICE === 0) {
        yield text;
        text = '';
        await nextTurn();
      }
      // A list holds null where JSON.stringify writes nothing (undefined, a function).
      text += (i > 0 ? ',' : '') + (JSON.stringify(value[i]) ?? 'null');
    }
    yield text + ']';
  } else if (value instanceof JsonText) {
    yield* slicesOf(value.text);
  } else if (isPlainObject(value)) {
    let comma = '';
    yield '{';
    for (const [key, item] of Object.entries(value)) {
      // Left out as JSON.stringify leaves them out.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${comma}${JSON.stringify(key)}:`;
      comma = ',';
      yield* parts(item);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

/**
 * The JSON text of `value` in pieces of about PIECE_CHARS, exactly as JSON.stringify(value)
 * writes it once joined: lists longer than SLICE items are written SLICE items at a time, the
 * event loop running other requests between.
 */
export async function* jsonPieces(value: unknown): AsyncGenerator<string> {
  let gathered = '';
  for await (const part of parts(value)) {
    gathered += part;
    if (gathered.length >= PIECE_CHARS) {
      yield gathered;
      gathered = '';
    }
  }
  if (gathered !== '') yield gathered;
}

/** The whole JSON text of `value` (to be stored), built in slices as jsonPieces builds it. */
export async function jsonText(value: unknown): Promise<string> {
  let text = '';
  for await (const piece of jsonPieces(value)) text += piece;
  return text;
}

/**
 * `c.json(value)` for a value holding long lists: the same body, written as a stream of pieces.
 * Each piece is made when the connection asks for more; a client that goes away stops it.
 */
export function jsonStream(c: Context, value: unknown): Response {
  const pieces = jsonPieces(value);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await pieces.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}
