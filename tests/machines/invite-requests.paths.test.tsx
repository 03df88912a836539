// Generated paths of Invite Request Users, replayed on the real view against the real server: a
// page of requests (60: the newest open and matched to an organization, then invited and rejected
// ones among open ones) read or not; filtered to New through the URL; the next page; a request
// approved (organizations found or not; the user created with its invitation in the outbox; the
// owner refused at its field; a colleague first: the row shows it and the person is told who;
// not sent), rejected once a reason is worded, or its invitation sent again; a ticked request
// approved in bulk after a preview. The second walk starts from an approval kept across a
// reload: the same request's form opens again with what was chosen, and it is sent or put away.
import { screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { fullName, INVITE_PAGE_SIZE, INVITE_STATUS_LABELS, type InviteStatus } from '../../src/domain/invite-requests';
import { checkApproveDraft } from '../../src/sections/invite-requests/invite-requests.draft';
import { inviteReviewMachine } from '../../src/sections/invite-requests/invite-requests.machine';
import {
  inviteReviewDraftPlan,
  inviteReviewPlan,
  PLAN_APPROVE_DRAFT,
} from '../../src/sections/invite-requests/invite-requests.plan';
import type { InviteReviewContext } from '../../src/sections/invite-requests/invite-requests.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { searchTextOf } from '../../server/invite-requests/records';
import { InviteReviewCtx } from '../../src/sections/invite-requests/invite-requests-context';
import type { UrlParamsBinding as InviteSearch } from '../../src/ui/shared/url-params';
import { approveDraftAddress, InviteRequestsScreen } from '../../src/sections/invite-requests/invite-requests-screen';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import { userRow } from '../support/factories';
import { dataPlanLabel } from '../../src/domain/user-labels';

const BASE = '/api/invite_requests/';
const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  staffId: number;
  orgId: number;
  list: AnyActorRef | null;
  /** The request the person acts on. */
  target: number | null;
}
let world: World;

const statusOf = (i: number): InviteStatus =>
  i === 0 ? 'new' : i === 1 ? 'invited' : i % 3 === 0 ? 'rejected' : 'new';

/** Staff, an organization, 60 requests, a signed-in console; `kept`: an approval of the newest filled in before a reload. */
async function createWorld(kept: boolean): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'keeper',
    features: ['admin_panel_access', 'invite_req_tab', 'expiry_update'],
  });
  // The first owner offered (owners are listed by name): the approval's default.
  await server.createStaff({ username: 'anowner', features: [] });
  const now = Date.now();
  const orgId = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Northwind Capital', salesforce_id: null, sf_acc_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const invitedUser = (
    await server.db
      .insertInto('users')
      .values(
        userRow({
          username: 'tomas.ribeiro',
          email: 'tomas@blueharbor.example.com',
          first_name: 'Tomás',
          last_name: 'Ribeiro',
          phone: null,
          organization_id: orgId,
          owner: 'anowner',
          created_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('invite_requests')
    .values(
      Array.from({ length: 60 }, (_, i) => {
        const [first, last, email] =
          i === 0
            ? ['Hannah', 'Okafor', 'hannah@northwind.example.com']
            : i === 1
              ? ['Tomás', 'Ribeiro', 'tomas@blueharbor.example.com']
              : ['Person', `Number ${i}`, `person${i}@example.com`];
        const status = statusOf(i);
        return {
          first_name: first,
          last_name: last,
          email,
          email_key: email.toLowerCase(),
          organization_guess: i === 0 ? 'Northwind Capital' : 'Somewhere',
          organization_id: i === 0 ? orgId : null,
          message: i === 0 ? 'Our desk would like access.' : '',
          search_text: searchTextOf({ first_name: first, last_name: last, email, organization_guess: 'x' }),
          status,
          created_at: now - i * 60_000,
          decided_by: status === 'new' ? null : 'admin',
          decided_at: status === 'new' ? null : now,
          reason: status === 'rejected' ? 'Personal address.' : null,
          user_id: i === 1 ? invitedUser : null,
          invited_at: i === 1 ? now : null,
          invitations: i === 1 ? 1 : 0,
        };
      }),
    )
    .execute();
  const { actors, user } = await signIn('/invite_request_users');
  const staffId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'keeper').executeTakeFirstOrThrow()
  ).id;
  world = { server, bridge, user, actors, staffId, orgId, list: null, target: null };
  sessionStorage.clear();
  if (kept) {
    world.target = (
      await server.db
        .selectFrom('invite_requests')
        .select('id')
        .where('email', '=', 'hannah@northwind.example.com')
        .executeTakeFirstOrThrow()
    ).id;
    writeDraft(approveDraftAddress(staffId)!, {
      id: world.target,
      settings: { ...PLAN_APPROVE_DRAFT.settings, organization_id: String(orgId), owner: 'anowner' },
    });
  }
}

afterEach(() => closeSignedInWorld(world));

/** The route's URL, kept in memory. */
function Url({ children }: { children: (search: InviteSearch) => ReactNode }) {
  const [params, setParams] = useState<Record<string, string>>({});
  return <>{children({ params, setParams: (next) => setParams(next) })}</>;
}

function mount(): void {
  renderInConsole(
    world.actors,
    <Url>
      {(search) => (
        <InviteRequestsScreen
          search={search}
          probe={<ActorProbe hook={InviteReviewCtx.useActorRef} keep={(ref) => (world.list = ref)} />}
        />
      )}
    </Url>,
  );
}

const context = () => world.list!.getSnapshot().context as InviteReviewContext;
const itemOf = (id: number) => context().items.find((r) => r.id === id)!;
const firstWith = (status: InviteStatus) => context().items.find((r) => r.status === status)!.id;
const row = (id: number) => screen.getByRole('row', { name: fullName(itemOf(id)), hidden: true });
const stored = (id: number) =>
  world.server.db.selectFrom('invite_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outboxTo = (email: string) =>
  world.server.db.selectFrom('mail_outbox').selectAll().where('to_email', '=', email).execute();
const keptDraft = () => readDraft(approveDraftAddress(world.staffId)!, checkApproveDraft);
const dialog = () => screen.getByRole('dialog');
const online = async () => world.bridge.setOffline(false);
const ownerBack = async () => {
  await world.server.db.updateTable('users').set({ active: 1 }).where('username', '=', 'anowner').execute();
};
/** The owner leaves the staff: the server refuses the owner field. */
const ownerGone = async () => {
  await world.server.db.updateTable('users').set({ active: 0 }).where('username', '=', 'anowner').execute();
};

/** The page the server holds for the query, newest first. */
async function expectedPage(): Promise<string[]> {
  const { status, cursor } = context().query;
  let q = world.server.db
    .selectFrom('invite_requests')
    .select(['first_name', 'last_name', 'created_at', 'id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (status) q = q.where('status', '=', status);
  const all = await q.execute();
  const start = cursor ? all.findIndex((r) => `${r.created_at}.${r.id}` === cursor) + 1 : 0;
  return all.slice(start, start + INVITE_PAGE_SIZE).map((r) => `${r.first_name} ${r.last_name}`);
}

/** A colleague decides the request first, from the version on screen. */
async function colleagueFirst(id: number, status: InviteStatus): Promise<void> {
  await world.server.db
    .updateTable('invite_requests')
    .set({
      status,
      reason: status === 'rejected' ? 'Duplicate.' : null,
      decided_by: 'colleague',
      decided_at: Date.now(),
      version: itemOf(id).version + 1,
    })
    .where('id', '=', id)
    .execute();
}

function expectForm(s: typeof screen) {
  const d = s.getByRole('dialog');
  const settings = context().settings;
  expect(within(d).getByLabelText('Expiry date')).toHaveValue(settings.expiry_dt);
  expect(within(d).getByRole('checkbox', { name: 'Send the invitation now' })).toHaveAttribute(
    'aria-checked',
    String(settings.send_invitation),
  );
  expect(within(d).getByRole('checkbox', { name: dataPlanLabel('product', 'product_data') })).toHaveAttribute(
    'aria-checked',
    String(settings.data_plan.includes('product_data')),
  );
  expect(within(d).getByRole('combobox', { name: 'Owner' })).toHaveTextContent('anowner Staff');
  return d;
}

function driver(): Driver<World> {
  return {
    machine: inviteReviewMachine,
    bridge: world.bridge,
    world,
    calls: {
      loadPage: BASE,
      findOrganizations: `${BASE}options/`,
      approve: `${BASE}approve/`,
      reject: `${BASE}reject/`,
      resend: `${BASE}resend/`,
      bulkPreview: `${BASE}bulk_preview/`,
      bulkApprove: `${BASE}bulk_approve/`,
    },
    mount: async () => mount(),
    actor: () => world.list!,
    perform: {
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'query.set': async ({ step }) => {
        const query = step.event['query'] as { status: InviteStatus | ''; cursor: string };
        if (query.cursor === 'next') await world.user.click(screen.getByRole('button', { name: 'Next' }));
        else
          await world.user.click(
            within(screen.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', {
              name: INVITE_STATUS_LABELS[query.status as InviteStatus],
            }),
          );
      },
      'request.toggle': async () => {
        world.target = firstWith('new');
        await world.user.click(within(row(world.target)).getByRole('checkbox'));
      },
      'approve.open': async () => {
        world.target = firstWith('new');
        await world.user.click(within(row(world.target)).getByRole('button', { name: 'Approve' }));
      },
      'reject.open': async () => {
        world.target = firstWith('new');
        await world.user.click(within(row(world.target)).getByRole('button', { name: 'Reject' }));
      },
      resend: async () => {
        world.target = firstWith('invited');
        await world.user.click(within(row(world.target)).getByRole('button', { name: 'Send invitation again' }));
      },
      'bulk.open': async () => world.user.click(screen.getByRole('button', { name: 'Approve chosen (1)' })),
      'field.set': async ({ step }) =>
        world.user.type(within(dialog()).getByLabelText('Expiry date'), String(step.event['value'])),
      'plan.set': async () =>
        world.user.click(within(dialog()).getByRole('checkbox', { name: dataPlanLabel('product', 'product_data') })),
      'invitation.set': async () =>
        world.user.click(within(dialog()).getByRole('checkbox', { name: 'Send the invitation now' })),
      'org.find': async ({ step }) => {
        const box = within(dialog()).getByLabelText('Find an organization');
        await world.user.clear(box);
        await world.user.type(box, String(step.event['text']));
        await world.user.click(within(dialog()).getByRole('button', { name: 'Find' }));
      },
      'approve.send': async () =>
        world.user.click(within(dialog()).getByRole('button', { name: 'Approve and create user' })),
      'form.cancel': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      'reason.change': async ({ step }) =>
        world.user.type(within(dialog()).getByLabelText('Reason'), String(step.event['text'])),
      'reject.send': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Reject' })),
      'bulk.preview': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Preview' })),
      'bulk.confirm': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Approve these' })),
      'bulk.back': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Back' })),
      'bulk.close': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Close' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [BASE]),
      orgsFailed: async () => world.bridge.setOffline(true, [`${BASE}options/`]),
      approveFailed: async () => world.bridge.setOffline(true, [`${BASE}approve/`]),
      rejectFailed: async () => world.bridge.setOffline(true, [`${BASE}reject/`]),
      resendFailed: async () => world.bridge.setOffline(true, [`${BASE}resend/`]),
      bulkFailed: async () => world.bridge.setOffline(true, [`${BASE}bulk_approve/`]),
      approveRefused: ownerGone,
      previewRefused: ownerGone,
      approvedMeanwhile: async () => colleagueFirst(context().target!, 'rejected'),
      rejectedMeanwhile: async () => colleagueFirst(context().target!, 'rejected'),
      resentMeanwhile: async () => colleagueFirst(firstWith('invited'), 'joined'),
    },
    afterOutcome: {
      loadFailed: online,
      orgsFailed: online,
      approveFailed: online,
      rejectFailed: online,
      resendFailed: online,
      bulkFailed: online,
      approveRefused: ownerBack,
      previewRefused: ownerBack,
    },
    expectations: {
      loading: (s) => {
        expect(s.getByRole('status', { name: 'Loading invite requests' })).toHaveTextContent(
          'Loading invite requests…',
        );
        expect(s.queryByRole('table', { name: 'Invite requests' })).toBeNull();
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The invite requests could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      browsing: async (s, { step }) => {
        expect(s.queryByRole('dialog')).toBeNull();
        const items = context().items;
        const rows = within(s.getByRole('table', { name: 'Invite requests' }))
          .getAllByRole('row')
          .slice(1);
        expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(items.map(fullName));
        if (step?.outcome === 'loaded') {
          expect(items.map(fullName)).toEqual(await expectedPage());
          if (context().query.status) {
            expect(
              within(s.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', {
                name: INVITE_STATUS_LABELS[context().query.status as InviteStatus],
              }),
            ).toHaveAttribute('aria-checked', 'true');
          }
        }
        // Each row shows the status the server holds, and its buttons as that status allows.
        for (const item of items.slice(0, 4)) {
          expect(within(row(item.id)).getByLabelText('Status')).toHaveTextContent(INVITE_STATUS_LABELS[item.status]);
          expect((await stored(item.id)).status).toBe(item.status);
          const buttons = within(row(item.id))
            .queryAllByRole('button')
            .map((b) => b.textContent);
          expect(buttons).toEqual(
            item.status === 'new' ? ['Approve', 'Reject'] : item.status === 'invited' ? ['Send invitation again'] : [],
          );
        }
        const notice = s.queryByRole('status', { name: 'Invite request notice' });
        const target = world.target === null ? null : itemOf(world.target);
        switch (step?.outcome) {
          case 'approved': {
            const db = await stored(target!.id);
            expect(db).toMatchObject({ status: 'invited', decided_by: 'keeper', organization_id: world.orgId });
            const [mail] = await outboxTo(target!.email);
            expect(mail!.body_text).toContain(`Username: ${target!.user!.username}`);
            expect(notice).toHaveTextContent(`Approved: user ${target!.user!.username} was created.`);
            expect(within(row(target!.id)).getByText(`User ${target!.user!.username}`)).toBeInTheDocument();
            expect(keptDraft()).toBeNull();
            break;
          }
          case 'approvedMeanwhile':
          case 'rejectedMeanwhile':
            expect(notice).toHaveTextContent('colleague rejected it after you opened it; nothing of yours was done.');
            expect(within(row(target!.id)).getByRole('note')).toHaveTextContent('colleague rejected it first.');
            expect(
              await world.server.db.selectFrom('users').select('id').where('email', '=', target!.email).execute(),
            ).toEqual([]);
            break;
          case 'approveFailed':
          case 'rejectFailed':
            throw new Error('a failed send stays in its form');
          case 'rejected':
            expect(await stored(target!.id)).toMatchObject({
              status: 'rejected',
              reason: 'Personal address.',
              decided_by: 'keeper',
            });
            expect(notice).toHaveTextContent('Rejected.');
            expect(within(row(target!.id)).getByText('Reason: Personal address.')).toBeInTheDocument();
            break;
          case 'resent':
            expect((await stored(target!.id)).invitations).toBe(2);
            expect((await outboxTo(target!.email)).length).toBe(1);
            expect(notice).toHaveTextContent(`Invitation to ${target!.email}:`);
            break;
          case 'resentMeanwhile':
            expect(notice).toHaveTextContent('colleague approved it after you opened it; nothing of yours was done.');
            expect(within(row(target!.id)).getByLabelText('Status')).toHaveTextContent('Joined');
            expect(await outboxTo(target!.email)).toEqual([]);
            break;
          case 'resendFailed':
            expect(notice).toHaveTextContent(`Nothing was sent. ${NO_ANSWER}`);
            expect((await stored(target!.id)).invitations).toBe(1);
            break;
          default:
            if (step?.event.type === 'form.cancel' && target) {
              expect((await stored(target.id)).status).toBe(target.status);
              expect(keptDraft()).toBeNull();
            }
        }
      },
      'approving.editing': async (s, { step }) => {
        const d = expectForm(s);
        const target = itemOf(context().target!);
        expect(d).toHaveTextContent(`Approve ${fullName(target)}`);
        expect(d).toHaveTextContent(target.email);
        // What is chosen is kept in the tab across a reload.
        expect(keptDraft()).toEqual({ id: target.id, settings: context().settings });
        if (step?.outcome === 'approveRefused') {
          expect(within(d).getByText('Choose an owner from the list of staff.')).toBeInTheDocument();
          expect(within(d).getByRole('alert')).toHaveTextContent('Nothing was approved: the settings need changes.');
          expect((await stored(target.id)).status).toBe('new');
        }
        if (step?.outcome === 'approveFailed')
          expect(within(d).getByRole('alert')).toHaveTextContent(`Nothing was done. ${NO_ANSWER}`);
        if (step?.outcome === 'orgsFound')
          expect(context().orgChoices).toEqual([{ id: world.orgId, name: 'Northwind Capital' }]);
        if (step?.outcome === 'orgsFailed')
          expect(within(d).getByText(`The organizations could not be searched. ${NO_ANSWER}`)).toBeInTheDocument();
        if (step?.outcome === 'loaded') {
          // Reopened after a reload: the same request, the expiry typed before.
          expect(target.id).toBe(world.target);
          expect(within(d).getByLabelText('Expiry date')).toHaveValue('12-31-2027');
        }
      },
      'approving.finding': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('button', { name: 'Find' })).toBeDisabled();
      },
      'approving.sending': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('button', { name: '…' })).toBeDisabled();
      },
      'rejecting.editing': async (s, { step }) => {
        const d = s.getByRole('dialog');
        expect(d).toHaveTextContent(`Reject ${fullName(itemOf(context().target!))}`);
        expect(within(d).getByLabelText('Reason')).toHaveValue(context().reason);
        expect(within(d).getByRole('button', { name: 'Reject' })).toHaveProperty(
          'disabled',
          context().reason.trim() === '',
        );
        if (step?.outcome === 'rejectFailed') {
          expect(within(d).getByRole('alert')).toHaveTextContent(`Nothing was done. ${NO_ANSWER}`);
          expect((await stored(context().target!)).status).toBe('new');
        }
      },
      'rejecting.sending': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('button', { name: 'Reject' })).toBeDisabled();
      },
      resending: () => {
        expect(within(row(world.target!)).getByRole('button', { name: '…' })).toBeDisabled();
      },
      'bulk.editing': async (s, { step }) => {
        const d = expectForm(s);
        expect(d).toHaveTextContent('Approve 1 request');
        expect(within(d).getByRole('combobox', { name: 'Organization' })).toHaveTextContent('Northwind Capital');
        if (step?.outcome === 'previewRefused')
          expect(within(d).getByText('Choose an owner from the list of staff.')).toBeInTheDocument();
        if (step?.outcome === 'bulkFailed')
          expect(within(d).getByRole('alert')).toHaveTextContent(`Nothing was done. ${NO_ANSWER}`);
        if (step?.outcome === 'orgsFailed')
          expect(within(d).getByText(`The organizations could not be searched. ${NO_ANSWER}`)).toBeInTheDocument();
        expect((await stored(world.target!)).status).toBe('new');
      },
      'bulk.finding': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('button', { name: 'Find' })).toBeDisabled();
      },
      'bulk.previewing': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('button', { name: '…' })).toBeDisabled();
      },
      'bulk.previewed': async (s) => {
        const d = s.getByRole('dialog');
        const target = itemOf(world.target!);
        expect(within(d).getByRole('table', { name: 'Preview' })).toHaveTextContent(`${target.email}Will create user`);
        expect(d).toHaveTextContent('1 of 1 can be approved.');
        expect((await stored(target.id)).status).toBe('new');
      },
      'bulk.sending': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('button', { name: 'Approve these' })).toBeDisabled();
      },
      'bulk.done': async (s) => {
        const d = s.getByRole('dialog');
        const target = itemOf(world.target!);
        expect(d).toHaveTextContent('Bulk approval done');
        expect(within(d).getByRole('table', { name: 'What was done' })).toHaveTextContent(
          `${target.email}Created user`,
        );
        expect((await stored(target.id)).status).toBe('invited');
        expect((await outboxTo(target.email)).length).toBe(1);
      },
    },
  };
}

describePaths('inviteReview machine paths (Invite Request Users, real server)', inviteReviewPlan, {
  before: () => createWorld(false),
  driver,
});

describePaths(
  'inviteReview machine paths from an approval kept across a reload (decision 042)',
  inviteReviewDraftPlan,
  { before: () => createWorld(true), driver },
);
