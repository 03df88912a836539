// Broker Research, User Submission (decision 056): submissions listed newest first, 50 a page from
// a keyset cursor, by status and by title; the review lifecycle of SUBMISSION_ACTIONS tried from
// every status (allowed: done, audited; not allowed: refused by name, nothing stored); a reject
// without a reason refused at its field; two staff acting at once (one wins, the other is told
// who, with the submission now); bad input, never a 500; the feature. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../src/domain/broker-research';
import {
  SUBMISSION_ACTION_KEYS,
  SUBMISSION_ACTIONS,
  SUBMISSION_PAGE_SIZE,
  StaleSubmissionReply,
  SubmissionActionReply,
  SubmissionListReply,
  canActOnSubmission,
  cursorText,
  type SubmissionAction,
  type SubmissionItem,
} from '../../src/domain/broker-research-user-submission';
import { BadRequestReply } from '../../src/domain/field-errors';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let anna: Browser;
let ben: Browser;
let outsider: Browser;
let submitterId: number;
let brokerId: number;
const LIST = '/api/researchreports/user_submissions/';
const REVIEW = '/api/researchreports/user_submissions/review/';
const T0 = 1_764_000_000_000;

beforeAll(async () => {
  server = await createTestServer();
  anna = await signIn(
    server,
    await server.createStaff({ username: 'anna', features: ['admin_panel_access', 'br_research'], activated: true }),
  );
  ben = await signIn(
    server,
    await server.createStaff({ username: 'ben', features: ['admin_panel_access', 'br_research'], activated: true }),
  );
  outsider = await signIn(
    server,
    await server.createStaff({ username: 'outsider', features: ['admin_panel_access', 'user_mgmt'], activated: true }),
  );
  await server.createStaff({ username: 'writer', features: [] });
  submitterId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'writer').executeTakeFirstOrThrow()
  ).id;
  brokerId = (
    await server.db
      .insertInto('brokers')
      .values({ name: 'Apex Securities', open_access: 0, group_id: null, created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
/** One submission of `status`, submitted `at`; its id. */
async function submit(
  status: SubmissionStatus,
  over: { title?: string; at?: number; broker?: boolean } = {},
): Promise<number> {
  seq += 1;
  const row = await server.db
    .insertInto('research_submissions')
    .values({
      user_id: submitterId,
      broker_id: over.broker ? brokerId : null,
      title: over.title ?? `Note ${seq}`,
      summary: 'Quarter notes.',
      tickers: 'AAPL, MSFT',
      file_name: `note-${seq}.pdf`,
      file_size: 812_000,
      status,
      reason: status === 'rejected' ? 'Not original.' : null,
      submitted_at: over.at ?? T0 + seq,
      reviewed_by: status === 'new' ? null : 'someone',
      reviewed_at: status === 'new' ? null : T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
async function list(query: Record<string, string> = {}, b = anna) {
  const res = await b.send('GET', `${LIST}?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return v.parse(SubmissionListReply, await res.json());
}
async function act(form: Record<string, string>, b = anna) {
  const res = await b.send('POST', REVIEW, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
const stored = (id: number) =>
  server.db.selectFrom('research_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const audits = (id: number) =>
  server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('category', '=', 'broker research')
    .where('action', 'like', 'research submission%')
    .execute()
    .then((rows) => rows.filter((r) => JSON.parse(r.current_data ?? '{}').submission === id));

describe('the list', () => {
  it('reads one submission whole: tickers, file, broker, user, status', async () => {
    const id = await submit('new', { title: 'Whole record', broker: true, at: T0 + 10_000_000 });
    const item = (await list({ q: 'Whole record' })).submissions[0]!;
    expect(item).toEqual({
      id,
      title: 'Whole record',
      summary: 'Quarter notes.',
      tickers: ['AAPL', 'MSFT'],
      file_name: expect.stringMatching(/\.pdf$/),
      file_size: 812_000,
      broker: { id: brokerId, name: 'Apex Securities' },
      user: { id: submitterId, username: 'writer', email: 'writer@staff-console.test', name: 'writer Staff' },
      status: 'new',
      reason: null,
      submitted_at: T0 + 10_000_000,
      reviewed_by: null,
      reviewed_at: null,
      version: 1,
    } satisfies SubmissionItem);
  });

  it('pages newest first by keyset, every submission once, ties on submitted_at broken by id; a status keeps its own', async () => {
    // 120 submissions, pairs sharing a time, statuses taking turns.
    for (let i = 0; i < 120; i++)
      await submit(SUBMISSION_STATUSES[i % 4]!, { at: T0 + 1_000_000 + Math.floor(i / 2), title: `Paged ${i}` });
    const walk = async (query: Record<string, string>) => {
      const seen: SubmissionItem[] = [];
      let cursor = '';
      for (;;) {
        const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
        expect(page.submissions.length).toBeLessThanOrEqual(SUBMISSION_PAGE_SIZE);
        seen.push(...page.submissions);
        if (!page.next) break;
        cursor = cursorText(page.next);
      }
      return seen;
    };
    const all = await walk({ q: 'paged' });
    expect(all).toHaveLength(120);
    expect(new Set(all.map((s) => s.id)).size).toBe(120);
    const order = all.map((s) => [s.submitted_at, s.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    const published = await walk({ status: 'published', q: 'PAGED' });
    expect(published).toHaveLength(30);
    expect(published.every((s) => s.status === 'published')).toBe(true);
    const whole = await walk({});
    expect(whole.length).toBeGreaterThanOrEqual(121);
  });

  it('searches titles in any case, % and _ read as themselves', async () => {
    await submit('new', { title: 'Margin 50%_up' });
    await submit('new', { title: 'Margin 50 up' });
    expect((await list({ q: '50%_' })).submissions.map((s) => s.title)).toEqual(['Margin 50%_up']);
    expect((await list({ q: 'margin 50' })).submissions).toHaveLength(2);
  });

  it('refuses a bad status or cursor by name', async () => {
    for (const [query, field] of [
      [{ status: 'archived' }, 'status'],
      [{ cursor: 'yesterday' }, 'cursor'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const res = await anna.send('GET', `${LIST}?${new URLSearchParams(query)}`);
      expect(res.status).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, await res.json()).fields)).toEqual([field]);
    }
  });
});

describe('the review lifecycle', () => {
  for (const action of SUBMISSION_ACTION_KEYS) {
    for (const from of SUBMISSION_STATUSES) {
      const allowed = canActOnSubmission(action, from);
      it(`${action} from ${from}: ${allowed ? `becomes ${SUBMISSION_ACTIONS[action].to}, audited` : 'refused by name, nothing changes'}`, async () => {
        const id = await submit(from);
        const reason: Record<string, string> = SUBMISSION_ACTIONS[action].needsReason
          ? { reason: '  Not original research.  ' }
          : {};
        const { status, body } = await act({ id: String(id), action, version: '1', ...reason });
        if (allowed) {
          expect(status, JSON.stringify(body)).toBe(200);
          const reply = v.parse(SubmissionActionReply, body);
          expect(reply.msg).toBe(SUBMISSION_ACTIONS[action].done);
          expect(reply.submission).toMatchObject({
            id,
            status: SUBMISSION_ACTIONS[action].to,
            reviewed_by: 'anna',
            version: 2,
            reason: action === 'reject' ? 'Not original research.' : null,
          });
          expect(await stored(id)).toMatchObject({
            status: SUBMISSION_ACTIONS[action].to,
            version: 2,
            reviewed_by: 'anna',
          });
          const [row] = await audits(id);
          expect(row).toMatchObject({
            author: 'anna',
            action: `research submission ${action.replace('_', ' ')}`,
            success: 1,
          });
          expect(JSON.parse(row!.previous_data!)).toMatchObject({ submission: id, status: from, version: 1 });
          expect(JSON.parse(row!.current_data!)).toMatchObject({
            submission: id,
            status: SUBMISSION_ACTIONS[action].to,
            version: 2,
          });
        } else {
          expect(status, JSON.stringify(body)).toBe(400);
          expect(v.parse(BadRequestReply, body).fields).toEqual({
            action: expect.stringContaining(
              `${SUBMISSION_ACTIONS[action].label} is not possible for a submission that is`,
            ),
          });
          expect(await stored(id)).toMatchObject({ status: from, version: 1 });
          expect(await audits(id)).toEqual([]);
        }
      });
    }
  }

  it('a rejection needs a reason, at its field; nothing changes', async () => {
    const id = await submit('in_review');
    for (const reason of [undefined, '', '   ', 'x'.repeat(501)]) {
      const { status, body } = await act({
        id: String(id),
        action: 'reject',
        version: '1',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(status).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, body).fields)).toEqual(['reason']);
    }
    expect(await stored(id)).toMatchObject({ status: 'in_review', version: 1 });
  });

  it('refuses bad input by name and an unknown submission', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ action: 'publish', version: '1' }, ['id']],
      [{ id: 'abc', action: 'publish', version: '1' }, ['id']],
      [{ id: '1', action: 'archive', version: '1' }, ['action']],
      [{ id: '1', action: 'publish' }, ['version']],
      [{ id: '1', action: 'publish', version: 'v1' }, ['version']],
    ];
    for (const [form, fields] of cases) {
      const { status, body } = await act(form);
      expect(status, JSON.stringify(form)).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, body).fields)).toEqual(fields);
    }
    const { status, body } = await act({ id: '987654', action: 'publish', version: '1' });
    expect(status).toBe(400);
    expect(v.parse(BadRequestReply, body).fields).toEqual({ id: 'No submission has the id 987654.' });
  });
});

describe('two staff at once', () => {
  const pairs: [SubmissionAction, SubmissionAction][] = [
    ['publish', 'reject'],
    ['start_review', 'publish'],
    ['publish', 'publish'],
  ];
  for (const [first, second] of pairs) {
    it(`${first} and ${second} of one new submission from one version: one wins, the other is told who`, async () => {
      const id = await submit('new');
      const form = (action: SubmissionAction) => ({
        id: String(id),
        action,
        version: '1',
        ...(SUBMISSION_ACTIONS[action].needsReason ? { reason: 'Duplicate.' } : {}),
      });
      const [a, b] = await Promise.all([act(form(first), anna), act(form(second), ben)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const [won, lost, winner] = a.status === 200 ? [a, b, 'anna'] : [b, a, 'ben'];
      const submission = v.parse(SubmissionActionReply, won.body).submission;
      const stale = v.parse(StaleSubmissionReply, lost.body);
      expect(stale.current).toEqual(submission);
      expect(stale.msg).toMatch(
        new RegExp(
          `^${winner} (started reviewing|published|rejected) it after you opened it; nothing of yours was done\\.$`,
        ),
      );
      expect(await audits(id)).toHaveLength(1);
      expect(await stored(id)).toMatchObject({ status: submission.status, version: 2, reviewed_by: winner });
    });
  }

  it('an action from an old version is told, even when the status would allow it', async () => {
    const id = await submit('new');
    expect((await act({ id: String(id), action: 'start_review', version: '1' }, ben)).status).toBe(200);
    const { status, body } = await act({ id: String(id), action: 'publish', version: '1' });
    expect(status).toBe(409);
    expect(v.parse(StaleSubmissionReply, body).msg).toBe(
      'ben started reviewing it after you opened it; nothing of yours was done.',
    );
    expect(await stored(id)).toMatchObject({ status: 'in_review', version: 2 });
  });
});

it('refuses a session without br_research (403)', async () => {
  expect((await outsider.send('GET', LIST)).status).toBe(403);
  const id = await submit('new');
  expect((await act({ id: String(id), action: 'publish', version: '1' }, outsider)).status).toBe(403);
  expect(await stored(id)).toMatchObject({ status: 'new', version: 1 });
});
