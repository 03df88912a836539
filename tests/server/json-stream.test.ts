// The JSON writer of long replies (decision 107): joined, its pieces are the text JSON.stringify
// writes, whatever the value; long lists are cut between items, a stored text placed as it is.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { JsonText, jsonPieces, jsonStream, jsonText } from '../../server/http/json-stream';

async function pieces(value: unknown): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of jsonPieces(value)) out.push(piece);
  return out;
}

const longList = Array.from({ length: 9_001 }, (_, i) => ({
  id: i + 1,
  username: `user.${i}\u00e9\u{1f600}"\\`,
  result: i % 3 === 0 ? 'updated' : 'unchanged',
  changed: i % 3 === 0 ? ['cgs', 'expiry_dt'] : [],
  reason: i % 5 === 0 ? undefined : 'why',
}));

describe('jsonPieces', () => {
  it.each([
    ['a number', 42],
    ['a string', 'a "quoted" line\n'],
    ['null', null],
    ['an empty object', {}],
    ['an empty list', []],
    ['a short list', [1, 'two', null, { three: 3 }]],
    [
      'undefined and functions, left out of objects and null in lists',
      { a: undefined, b: () => 1, c: [undefined, () => 1] },
    ],
    ['a date', { at: new Date(Date.UTC(2026, 10, 30)) }],
    [
      'a bulk edit reply',
      { status: 1, data: { updated: 3_001, unchanged: 0, unmatched: ['9', 'x@y.z'], results: longList } },
    ],
    ['a long list of lists', Array.from({ length: 4_001 }, (_, i) => [i, [i]])],
  ])('writes %s as JSON.stringify does', async (_what, value) => {
    expect((await pieces(value)).join('')).toBe(JSON.stringify(value));
    expect(await jsonText(value)).toBe(JSON.stringify(value));
  });

  it('cuts a long list into several pieces', async () => {
    expect((await pieces(longList)).length).toBeGreaterThan(4);
  });

  it.each(['', 'a'])(
    'places stored JSON text as it is, never between the halves of a character (%j first)',
    async (lead) => {
      const stored = JSON.stringify(lead + '\u{1f600}'.repeat(80_000));
      const written = await pieces({ status: 1, data: { outcome: 'applied', report: new JsonText(stored) } });
      expect(written.join('')).toBe(`{"status":1,"data":{"outcome":"applied","report":${stored}}}`);
      for (const piece of written) expect(piece).toBe(new TextDecoder().decode(new TextEncoder().encode(piece)));
    },
  );
});

describe('jsonStream', () => {
  it('answers the body c.json answers, as application/json', async () => {
    const value = { status: 1, data: { results: longList } };
    const app = new Hono();
    app.get('/stream', (c) => jsonStream(c, value));
    app.get('/json', (c) => c.json(value));
    const [streamed, whole] = await Promise.all([app.request('/stream'), app.request('/json')]);
    expect(streamed.headers.get('content-type')).toBe(whole.headers.get('content-type'));
    expect(await streamed.text()).toBe(await whole.text());
  });
});
