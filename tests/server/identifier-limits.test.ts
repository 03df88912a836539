// Identifier lists over their limit are refused from their first items (issue 25: the largest
// lists a body allows took 10–12 s to refuse). Each list here holds one item over the limit and
// then text that is no CSV or JSON at all: were the rest parsed, the refusal would name that
// broken text; refused by the count, the rest was never read. Work, not time, is what is
// counted. Through the real routes, on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_UPLOAD_MAX_ROWS } from '../../src/domain/csv-upload';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { GROUP_UPLOAD_MAX_IDENTIFIERS } from '../../src/domain/groups-v2';
import { ASSIGN_TAGS_MAX_USERS } from '../../src/domain/tags';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'lister', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

/** A multipart form (no %-encoding, so the lists stay under the body caps). */
async function refusedFields(path: string, fields: Record<string, string | File>): Promise<Record<string, string>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await admin.send('POST', path, { body: form });
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(400);
  return v.parse(BadRequestReply, body).fields;
}

/** `count` identifiers as a JSON list that is never closed: past them is no JSON at all. */
const brokenListOf = (count: number) => `[${'"x",'.repeat(count)} and then no JSON at all`;

describe('a CSV of identifiers', () => {
  it('is refused by its row count once a header and one row over the limit are read, the rest never split', async () => {
    const rows = Array.from({ length: CSV_UPLOAD_MAX_ROWS + 1 }, (_, i) => String(i + 1));
    // A quote never closed after the limit: splitting the rest would refuse the file for it.
    const csv = `email\n${rows.join('\n')}\n"never closed\n${'more\n'.repeat(1000)}`;
    const fields = await refusedFields('/user/upload_bulk_edit_data/', {
      file: new File([csv], 'people.csv', { type: 'text/csv' }),
    });
    expect(fields).toEqual({ file: 'The file holds more than 100,000 rows; send at most 100,000.' });
  });

  it('still names a broken quote within the limit', async () => {
    const fields = await refusedFields('/user/upload_bulk_edit_data/', {
      file: new File(['a@b.example\n"c\n'], 'people.csv', { type: 'text/csv' }),
    });
    expect(fields['file']).toBe('Row 2: The quote opened in row 2 is never closed.');
  });
});

describe('a JSON list of identifiers', () => {
  it('is refused by bulk edit upload at item 100,001, unparsed', async () => {
    expect(await refusedFields('/user/upload_bulk_edit_data/', { identifiers: brokenListOf(100_001) })).toEqual({
      identifiers: 'Send at most 100,000 identifiers.',
    });
  });

  it(`is refused by assign_tags/ at user ${ASSIGN_TAGS_MAX_USERS + 1}, unparsed`, async () => {
    expect(
      await refusedFields('/user/assign_tags/', { tags: '[1]', userIds: brokenListOf(ASSIGN_TAGS_MAX_USERS + 1) }),
    ).toEqual({ userIds: 'Send at most 100,000 users.' });
  });

  it(`is refused by the group upload at identifier ${GROUP_UPLOAD_MAX_IDENTIFIERS + 1}, unparsed`, async () => {
    for (const path of ['/user/verify_file_data/', '/user/add_users_to_groups/']) {
      expect(
        await refusedFields(path, { group_id: '1', identifiers: brokenListOf(GROUP_UPLOAD_MAX_IDENTIFIERS + 1) }),
      ).toEqual({ identifiers: 'Send at most 20,000 identifiers.' });
    }
  });

  it('within the limit is parsed as before: broken JSON is named as such', async () => {
    expect(await refusedFields('/user/verify_file_data/', { group_id: '1', identifiers: brokenListOf(3) })).toEqual({
      identifiers: 'identifiers must be JSON.',
    });
  });
});
