// Generated paths of Broker Research's User Submission, replayed on the real view against the real
// server: a page of submissions (130: the 70 newest wait, then some in review, published and
// rejected) read or not; filtered to New through the URL; the next page; a row started in review
// or published (done and stored; someone else first: the row shows what they did and the person
// is told who; not sent), or rejected once a reason is worded, or the rejection put away. The
// second walk starts from a reason kept across a reload: the same submission's dialog opens again
// with it, and it is sent or put away; the tab's storage holds the reason exactly while it is typed.
import { screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '../../src/domain/broker-research';
import {
  actionsFor,
  SUBMISSION_ACTIONS,
  SUBMISSION_PAGE_SIZE,
  type SubmissionAction,
} from '../../src/domain/broker-research-user-submission';
import { researchSubmissionsMachine } from '../../src/sections/broker-research/user-submission/user-submission.machine';
import { checkRejectDraft } from '../../src/sections/broker-research/user-submission/user-submission.draft';
import {
  PLAN_REJECT_DRAFT,
  researchSubmissionsDraftPlan,
  researchSubmissionsPlan,
} from '../../src/sections/broker-research/user-submission/user-submission.plan';
import type { ResearchSubmissionsContext } from '../../src/sections/broker-research/user-submission/user-submission.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { ResearchSubmissionsCtx } from '../../src/sections/broker-research/user-submission/user-submission-context';
import {
  rejectDraftAddress,
  RejectDraftKeeper,
  ResearchSubmissionsScope,
  UserSubmissionView,
} from '../../src/sections/broker-research/user-submission/user-submission-view';
import { TabSearchContext, type TabParams } from '../../src/sections/broker-research/tab-search';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';

const LIST = '/api/researchreports/user_submissions/';
const REVIEW = '/api/researchreports/user_submissions/review/';
const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  staffId: number;
  list: AnyActorRef | null;
  /** The submission the person acts on. */
  target: number | null;
}
let world: World;

/** Staff, submissions, a signed-in console; `kept`: a rejection of 'Research note 2' typed before a reload. */
async function createWorld(kept: boolean): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'keeper',
    features: ['admin_panel_access', 'br_research'],
  });
  await server.createStaff({ username: 'writer', features: [] });
  const writer = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'writer').executeTakeFirstOrThrow()
  ).id;
  const broker = (
    await server.db
      .insertInto('brokers')
      .values({ name: 'Apex Securities', open_access: 0, group_id: null, created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const now = Date.now();
  const statusOf = (i: number): SubmissionStatus =>
    i < 70 ? 'new' : (['in_review', 'published', 'rejected'] as const)[i % 3]!;
  await server.db
    .insertInto('research_submissions')
    .values(
      Array.from({ length: 130 }, (_, i) => ({
        user_id: writer,
        broker_id: i % 2 ? broker : null,
        title: `Research note ${i + 1}`,
        summary: 'Notes on the quarter.',
        tickers: 'AAPL,MSFT',
        file_name: `note-${i + 1}.pdf`,
        file_size: 400_000 + i,
        status: statusOf(i),
        reason: statusOf(i) === 'rejected' ? 'Not original.' : null,
        submitted_at: now - i * 60_000,
        reviewed_by: statusOf(i) === 'new' ? null : 'admin',
        reviewed_at: statusOf(i) === 'new' ? null : now,
      })),
    )
    .execute();
  const { actors, user } = await signIn('/broker_research');
  const staffId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'keeper').executeTakeFirstOrThrow()
  ).id;
  world = { server, bridge, user, actors, staffId, list: null, target: null };
  sessionStorage.clear();
  if (kept) {
    world.target = (
      await server.db
        .selectFrom('research_submissions')
        .select('id')
        .where('title', '=', 'Research note 2')
        .executeTakeFirstOrThrow()
    ).id;
    writeDraft(rejectDraftAddress(staffId)!, { id: world.target, reason: PLAN_REJECT_DRAFT.reason });
  }
}

afterEach(() => closeSignedInWorld(world));

/** The Broker Research screen's URL, kept in memory. */
function Tabs({ children }: { children: ReactNode }) {
  const [params, setParams] = useState<TabParams>({});
  return (
    <TabSearchContext.Provider
      value={{ tab: 'user_submission', params, setParams: (next) => setParams(next), openTab: () => {} }}
    >
      {children}
    </TabSearchContext.Provider>
  );
}

function mount(): void {
  renderInConsole(
    world.actors,
    <Tabs>
      <ResearchSubmissionsScope staff={world.staffId}>
        <ActorProbe hook={ResearchSubmissionsCtx.useActorRef} keep={(ref) => (world.list = ref)} />
        <RejectDraftKeeper staff={world.staffId} />
        <UserSubmissionView />
      </ResearchSubmissionsScope>
    </Tabs>,
  );
}

const context = () => world.list!.getSnapshot().context as ResearchSubmissionsContext;
const itemOf = (id: number) => context().items.find((s) => s.id === id)!;
/** The first row offering `action`. */
const targetFor = (action: SubmissionAction) => context().items.find((s) => actionsFor(s.status).includes(action))!.id;
const row = (s: typeof screen, id: number) => s.getByRole('row', { name: itemOf(id).title });
const stored = (id: number) =>
  world.server.db.selectFrom('research_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The page the server holds for the query, newest first. */
async function expectedPage(): Promise<string[]> {
  const { status, cursor } = context().query;
  let q = world.server.db
    .selectFrom('research_submissions')
    .select(['title', 'submitted_at', 'id'])
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc');
  if (status) q = q.where('status', '=', status);
  const all = await q.execute();
  const start = cursor ? all.findIndex((r) => `${r.submitted_at}.${r.id}` === cursor) + 1 : 0;
  return all.slice(start, start + SUBMISSION_PAGE_SIZE).map((r) => r.title);
}

const online = async () => world.bridge.setOffline(false);
/** The rejection the tab's storage keeps. */
const keptDraft = () => readDraft(rejectDraftAddress(world.staffId)!, checkRejectDraft);

function driver(): Driver<World> {
  return {
    machine: researchSubmissionsMachine,
    bridge: world.bridge,
    world,
    calls: { loadPage: LIST, act: REVIEW },
    mount: async () => mount(),
    actor: () => world.list!,
    perform: {
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'query.set': async ({ step }) => {
        const query = step.event['query'] as { status: string; cursor: string };
        if (query.cursor === 'next') await world.user.click(screen.getByRole('button', { name: 'Next' }));
        else
          await world.user.click(
            within(screen.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', {
              name: SUBMISSION_STATUS_LABELS[query.status as SubmissionStatus],
            }),
          );
      },
      'submission.act': async ({ step }) => {
        const action = step.event['action'] as SubmissionAction;
        world.target = targetFor(action);
        await world.user.click(
          within(row(screen, world.target)).getByRole('button', { name: SUBMISSION_ACTIONS[action].label }),
        );
      },
      'submission.reject': async () => {
        world.target = targetFor('reject');
        await world.user.click(within(row(screen, world.target)).getByRole('button', { name: 'Reject' }));
      },
      'reason.change': async ({ step }) => world.user.type(screen.getByLabelText('Reason'), String(step.event['text'])),
      'reject.confirm': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' })),
      'reject.cancel': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [LIST]),
      actFailed: async () => world.bridge.setOffline(true, [REVIEW]),
      // A colleague rejects the row first, from the version on screen.
      actedMeanwhile: async ({ step }) => {
        const id =
          step.event.type === 'reject.confirm'
            ? context().rejecting!.id
            : targetFor(step.event['action'] as SubmissionAction);
        await world.server.db
          .updateTable('research_submissions')
          .set({
            status: 'rejected',
            reason: 'Duplicate.',
            reviewed_by: 'colleague',
            reviewed_at: Date.now(),
            version: itemOf(id).version + 1,
          })
          .where('id', '=', id)
          .execute();
      },
    },
    afterOutcome: { loadFailed: online, actFailed: online },
    expectations: {
      loading: (s) => {
        expect(s.getByRole('status', { name: 'Loading submissions' })).toHaveTextContent('Loading submissions…');
        expect(s.queryByRole('table', { name: 'Submissions' })).toBeNull();
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The submissions could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      browsing: async (s, { step }) => {
        const items = context().items;
        const rows = within(s.getByRole('table', { name: 'Submissions' }))
          .getAllByRole('row')
          .slice(1);
        expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.querySelector('div')!.textContent)).toEqual(
          items.map((i) => i.title),
        );
        if (step?.outcome === 'loaded') {
          expect(items.map((i) => i.title)).toEqual(await expectedPage());
          expect(s.queryByRole('button', { name: 'Next' })).not.toBeNull();
        }
        // Each row offers what its status allows, and shows the status the server holds.
        for (const item of items.slice(0, 5)) {
          const r = row(s, item.id);
          expect(within(r).getByLabelText('Status')).toHaveTextContent(SUBMISSION_STATUS_LABELS[item.status]);
          expect(
            within(r)
              .queryAllByRole('button')
              .map((b) => b.textContent),
          ).toEqual(actionsFor(item.status).map((a) => SUBMISSION_ACTIONS[a].label));
          expect((await stored(item.id)).status).toBe(item.status);
        }
        if (context().query.status)
          expect(
            within(s.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', {
              name: SUBMISSION_STATUS_LABELS[context().query.status as SubmissionStatus],
            }),
          ).toHaveAttribute('aria-checked', 'true');
        const notice = s.queryByRole('status', { name: 'Submission notice' });
        const target = world.target === null ? null : itemOf(world.target);
        switch (step?.outcome) {
          case 'acted': {
            const db = await stored(target!.id);
            expect(db).toMatchObject({ status: target!.status, reviewed_by: 'keeper', version: target!.version });
            expect(notice).toHaveTextContent(
              `${db.status === 'published' ? 'Published.' : db.status === 'rejected' ? 'Rejected.' : 'Review started.'} ${target!.title}`,
            );
            if (db.status === 'rejected') {
              expect(db.reason).toBe('Not original research.');
              expect(within(row(s, target!.id)).getByText('Reason: Not original research.')).toBeInTheDocument();
            }
            expect(within(row(s, target!.id)).getByText('by keeper')).toBeInTheDocument();
            expect(keptDraft()).toBeNull();
            break;
          }
          case 'actedMeanwhile':
            expect(notice).toHaveTextContent('colleague rejected it after you opened it; nothing of yours was done.');
            expect(within(row(s, target!.id)).getByRole('note')).toHaveTextContent('colleague rejected it first.');
            expect(within(row(s, target!.id)).getByLabelText('Status')).toHaveTextContent('Rejected');
            expect(within(row(s, target!.id)).queryAllByRole('button')).toEqual([]);
            expect(await stored(target!.id)).toMatchObject({
              status: 'rejected',
              reviewed_by: 'colleague',
              reason: 'Duplicate.',
            });
            break;
          case 'actFailed':
            expect(notice).toHaveTextContent(`Nothing was done. ${NO_ANSWER}`);
            expect((await stored(target!.id)).version).toBe(target!.version);
            break;
          default:
            if (step?.event.type === 'reject.cancel') {
              expect(s.queryByRole('dialog')).toBeNull();
              expect(keptDraft()).toBeNull();
              expect((await stored(world.target!)).status).toBe(itemOf(world.target!).status);
            }
        }
      },
      rejecting: async (s, { step }) => {
        const dialog = s.getByRole('dialog');
        const { id, title, reason } = context().rejecting!;
        expect(dialog).toHaveTextContent(`Reject “${title}”`);
        expect(within(dialog).getByLabelText('Reason')).toHaveValue(reason);
        expect(within(dialog).getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', reason.trim() === '');
        // What is typed is kept in the tab across a reload; nothing while the reason is empty.
        expect(keptDraft()).toEqual(reason === '' ? null : { id, reason });
        if (step?.outcome === 'loaded') {
          // Reopened after a reload: the same submission, with the reason typed before, still New on the server.
          expect(id).toBe(world.target);
          expect(title).toBe('Research note 2');
          expect(reason).toBe(PLAN_REJECT_DRAFT.reason);
          // The list behind the dialog shows it New, as the server holds it.
          expect(within(s.getByRole('row', { name: title, hidden: true })).getByLabelText('Status')).toHaveTextContent(
            'New',
          );
          expect((await stored(id)).status).toBe('new');
        }
      },
      acting: (s) => {
        const r = row(s, world.target!);
        for (const b of within(r).getAllByRole('button')) {
          expect(b).toBeDisabled();
          expect(b).toHaveTextContent('…');
        }
      },
    },
  };
}

describePaths('researchSubmissions machine paths (User Submission, real server)', researchSubmissionsPlan, {
  before: () => createWorld(false),
  driver,
});

describePaths(
  'researchSubmissions machine paths from a reason kept across a reload (decision 042)',
  researchSubmissionsDraftPlan,
  { before: () => createWorld(true), driver },
);
