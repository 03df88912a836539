// Generated paths of Broker Research → Requests, replayed on the real tab against the real server
// in-process: 60 requests of Northwind Capital's readers for Apex Securities (55 new, 5 sent), so
// the list and the New filter each have a second page; the list read (or not: Try again), an old
// bookmark's cursor refused (page 1, said); filtered to New; Previous and Next; requests chosen one
// and a page at a time, the choice cleared; the newest request opened (or not), approved (its
// fulfillment and history shown), approved after someone else decided (said, with who), not
// answered, sent to the broker, rejected with a reason or the dialog cancelled; a bulk action on
// the chosen or on all New: counted, approved or rejected with a reason after a confirmation,
// reported, or not answered. The URL is a live tab search: the machine's query is written to it.
// The second walk starts from a rejection reason kept in the tab's sessionStorage before a reload:
// the newest request opens again with its dialog and the reason, then is rejected with it or the
// dialog cancelled. The third starts from a bulk rejection's reason kept with the chosen request:
// it is counted again and its confirmation shows the reason, then applied or taken back. The kept
// reason is in storage exactly while it is on screen (or waiting to be shown again).
import { act, screen, within } from '@testing-library/react';
import { useMemo, useState, type ReactNode } from 'react';
import { expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { FEATURE_KEYS } from '../../src/domain/features';
import { REQUEST_PATHS } from '../../src/domain/broker-research-requests';
import { researchRequestsMachine } from '../../src/sections/broker-research/requests/requests.machine';
import { checkRequestsDraft } from '../../src/sections/broker-research/requests/requests.draft';
import {
  PLAN_BULK_DRAFT,
  PLAN_DRAFT,
  PLAN_REASON,
  STALE_CURSOR,
  researchRequestsBulkDraftPlan,
  researchRequestsDraftPlan,
  researchRequestsPlan,
} from '../../src/sections/broker-research/requests/requests.plan';
import type { RequestsContext, RequestsDraft } from '../../src/sections/broker-research/requests/requests.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { selectStaffId } from '../../src/ui/form/form-draft';
import { RequestsCtx } from '../../src/sections/broker-research/requests/requests-context';
import {
  RequestsDraftKeeper,
  RequestsScope,
  RequestsUrl,
  RequestsView,
  requestsDraftAddress,
} from '../../src/sections/broker-research/requests/requests-view';
import { timeText } from '../../src/domain/format';
import { TabSearchContext, type TabParams, type TabSearch } from '../../src/sections/broker-research/tab-search';
import type { PlannedPath } from '../../src/workflows/paths';
import {
  ActorProbe,
  describePaths,
  closeSignedInWorld,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { replayPath } from '../support/replay';
import { userRow } from '../support/factories';

const CALLS = {
  listRequests: REQUEST_PATHS.list,
  loadRequest: REQUEST_PATHS.one,
  actOn: REQUEST_PATHS.action,
  previewBulk: REQUEST_PATHS.bulkPreview,
  applyBulk: REQUEST_PATHS.bulk,
};
const NO_ANSWER = 'Error: no response from the server';
const HOUR = 3_600_000;

interface World extends SignedInWorld {
  /** Request ids, newest first. */
  ids: number[];
  broker: number;
  setUrl: (params: TabParams) => void;
  opened: { tab: string; params?: TabParams }[];
  actor: AnyActorRef | null;
  /** The signed-in staff member, whose drafts these are. */
  staffId: number;
  /** The reason the path rejects with: typed, or kept from before a reload. */
  reason: string;
  /** What was kept before the reload the path starts from. */
  kept: RequestsDraft | null;
}
let world: World;

/** The world; with `kept`, a reason for the newest request (alone, or chosen for a bulk rejection) stored as a reload finds it. */
async function createWorld(kept: 'request' | 'bulk' | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'decider', features: FEATURE_KEYS });
  const now = Date.now();
  const org = Number(
    (
      await server.db
        .insertInto('organizations')
        .values({ name: 'Northwind Capital', salesforce_id: null, sf_acc_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const broker = Number(
    (
      await server.db
        .insertInto('brokers')
        .values({ name: 'Apex Securities', open_access: 0, group_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await server.db
    .insertInto('brokers')
    .values({ name: 'Birch Research', open_access: 0, group_id: null, created_at: now })
    .execute();
  const ids: number[] = [];
  for (let i = 0; i < 60; i++) {
    const user = Number(
      (
        await server.db
          .insertInto('users')
          .values(
            userRow({
              username: `reader${i}`,
              email: `reader${i}@northwind.example`,
              first_name: 'Ada',
              last_name: `Reader${i}`,
              organization_id: org,
              user_type: 'customer',
              created_at: now,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const at = now - (i + 1) * HOUR;
    const status = i % 12 === 11 ? ('sent' as const) : ('new' as const);
    ids.push(
      Number(
        (
          await server.db
            .insertInto('research_requests')
            .values({
              user_id: user,
              broker_id: broker,
              organization_id: org,
              status,
              note: i === 0 ? 'Our PM asked for their sector notes.' : '',
              reason: null,
              created_at: at,
              updated_at: at,
              sent_at: status === 'sent' ? at : null,
              decided_at: null,
              decided_by: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  }
  const { actors, user } = await signIn('/broker_research');
  const staffId = selectStaffId(actors.session.getSnapshot())!;
  const version = Number(
    (
      await server.db
        .selectFrom('research_requests')
        .select('version')
        .where('id', '=', ids[0]!)
        .executeTakeFirstOrThrow()
    ).version,
  );
  const draft: RequestsDraft | null =
    kept === 'request'
      ? { ...PLAN_DRAFT, kind: 'request', request: ids[0]! }
      : kept === 'bulk'
        ? { ...PLAN_BULK_DRAFT, kind: 'bulk', scope: 'chosen', requests: [{ id: ids[0]!, version }] }
        : null;
  world = {
    server,
    bridge,
    user,
    actors,
    ids,
    broker,
    setUrl: () => {},
    opened: [],
    actor: null,
    staffId,
    reason: draft?.reason ?? PLAN_REASON,
    kept: draft,
  };
  sessionStorage.clear();
  if (draft) writeDraft(requestsDraftAddress(staffId)!, draft);
}

async function tearDown(): Promise<void> {
  await closeSignedInWorld(world);
}

/** The tab's search as the screen keeps it: state the view writes to and a test can move (Back, a bookmark). */
function TabHost({ children }: { children: ReactNode }) {
  const [params, setParams] = useState<TabParams>({});
  world.setUrl = (next) => act(() => setParams(next));
  const value = useMemo<TabSearch>(
    () => ({
      tab: 'requests',
      params,
      setParams: (next) => setParams(next),
      openTab: (tab, p) => world.opened.push({ tab, params: p }),
    }),
    [params],
  );
  return <TabSearchContext.Provider value={value}>{children}</TabSearchContext.Provider>;
}

function mount(): Promise<void> {
  renderInConsole(
    world.actors,
    <TabHost>
      <RequestsScope>
        <ActorProbe hook={RequestsCtx.useActorRef} keep={(ref) => (world.actor = ref)} />
        <RequestsUrl />
        <RequestsDraftKeeper />
        <RequestsView />
      </RequestsScope>
    </TabHost>,
  );
  return Promise.resolve();
}

const ctx = () => world.actor!.getSnapshot().context as RequestsContext;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const stored = (id: number) =>
  world.server.db.selectFrom('research_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The request the path works on: the newest one (the first row, the one opened). */
const first = () => world.ids[0]!;
/** The reason kept in the tab's sessionStorage for a reload. */
const keptDraft = () => readDraft(requestsDraftAddress(world.staffId)!, checkRequestsDraft);

/** The requests the list's filters match now, newest first. */
async function matching(): Promise<number[]> {
  let q = world.server.db
    .selectFrom('research_requests')
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (ctx().query.filters.status) q = q.where('status', '=', ctx().query.filters.status as 'new');
  return (await q.execute()).map((r) => Number(r.id));
}

async function expectListed(): Promise<void> {
  const all = await matching();
  const lastPage = Boolean(ctx().page?.prev_cursor);
  const rows = lastPage ? all.slice(50) : all.slice(0, 50);
  if (all.length === 0) {
    // Every New request was approved: none left to show.
    expect(screen.getByRole('status', { name: 'Requests shown' })).toHaveTextContent('0 requests.');
    expect(screen.getByText('No request matches these filters.')).toBeInTheDocument();
    return;
  }
  expect(screen.getByRole('status', { name: 'Requests shown' })).toHaveTextContent(
    `${all.length} requests; ${rows.length} on this page.`,
  );
  const table = screen.getByRole('table', { name: 'Requests' });
  expect(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('aria-label')),
  ).toEqual(rows.map((id) => `Request ${id}`));
  expect(button('Next')).toHaveProperty('disabled', lastPage);
  expect(button('Previous')).toHaveProperty('disabled', !lastPage);
  if (!lastPage) {
    const top = await stored(rows[0]!);
    expect(screen.getByRole('row', { name: `Request ${rows[0]}` })).toHaveTextContent(
      `${timeText(Number(top.created_at))}Ada Reader${world.ids.indexOf(rows[0]!)}`,
    );
  }
  const chosen = ctx().selected.length;
  expect(screen.getByRole('status', { name: 'Chosen requests' })).toHaveTextContent(
    chosen ? `${chosen} chosen` : 'None chosen',
  );
  expect(button('Act on the chosen')).toHaveProperty('disabled', chosen === 0);
  if (ctx().query.filters.status === 'new')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('New');
}

async function expectRequest(): Promise<void> {
  const row = await stored(first());
  expect(screen.getByRole('heading', { name: `Request ${first()}` })).toBeInTheDocument();
  const status = {
    new: 'New',
    sent: 'Sent to broker',
    approved: 'Approved',
    rejected: 'Rejected',
    cancelled: 'Cancelled',
  }[row.status];
  expect(screen.getByLabelText('Status')).toHaveTextContent(status);
  expect(screen.getByRole('button', { name: 'Broker details' })).toBeEnabled();
  const actions = within(screen.getByRole('group', { name: 'Actions' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);
  expect(actions).toEqual(
    row.status === 'new'
      ? ['Approve', 'Reject…', 'Send to broker']
      : row.status === 'sent'
        ? ['Approve', 'Reject…']
        : [],
  );
  const history = await world.server.db
    .selectFrom('audit_log')
    .select(['author', 'action'])
    .where('record_kind', '=', 'research_request')
    .where('record_id', '=', first())
    .orderBy('id')
    .execute();
  if (history.length === 0) expect(screen.getByText('Nothing recorded by staff yet.')).toBeInTheDocument();
  else
    expect(within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')).toHaveLength(history.length);
  const fulfillment = await world.server.db
    .selectFrom('fulfillments')
    .select(['id', 'status'])
    .where('request_id', '=', first())
    .executeTakeFirst();
  if (fulfillment) {
    expect(screen.getByLabelText('Fulfillment')).toHaveTextContent(`Fulfillment ${fulfillment.id}: Active`);
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent(
      `decider: New → Approved (fulfillment ${fulfillment.id} created)`,
    );
  }
}

async function replay(path: PlannedPath): Promise<void> {
  await replayPath(path, {
    machine: researchRequestsMachine,
    bridge: world.bridge,
    world,
    mount,
    actor: () => world.actor!,
    calls: CALLS,
    perform: {
      'query.set': async () => world.setUrl({ cursor: STALE_CURSOR }),
      'filters.apply': async () => {
        await world.user.click(screen.getByRole('combobox', { name: 'Status' }));
        await world.user.click(await screen.findByRole('option', { name: 'New' }));
      },
      'page.next': async () => world.user.click(button('Next')),
      'page.prev': async () => world.user.click(button('Previous')),
      'list.retry': async () => world.user.click(button('Try again')),
      'row.toggle': async () => world.user.click(screen.getByRole('checkbox', { name: `Choose request ${first()}` })),
      'page.toggleAll': async () =>
        world.user.click(screen.getByRole('checkbox', { name: 'Choose every request on this page' })),
      'selection.clear': async () => world.user.click(button('Clear the choice')),
      'request.open': async () => world.user.click(button(new RegExp(`, open request ${first()}$`))),
      'request.close': async () => world.user.click(button('Back to requests')),
      'request.retry': async () => world.user.click(button('Try again')),
      'action.approve': async () => world.user.click(button('Approve')),
      'approve.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' })),
      'approve.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'action.send': async () => world.user.click(button('Send to broker')),
      'action.reject': async () => world.user.click(button('Reject…')),
      'reason.change': async () => world.user.type(screen.getByRole('textbox', { name: 'Reason' }), PLAN_REASON),
      'reject.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' })),
      'reject.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'bulk.start': async ({ step }) =>
        world.user.click(
          button((step.event as { scope?: string }).scope === 'chosen' ? 'Act on the chosen' : 'Act on all matching'),
        ),
      'bulk.retry': async () => world.user.click(button('Try again')),
      'bulk.pick': async ({ step }) =>
        world.user.click(
          button(
            new RegExp(
              `^${(step.event as { action?: string }).action === 'approve' ? 'Approve' : 'Reject'} \\d+ request`,
            ),
          ),
        ),
      'bulk.reason': async () =>
        world.user.type(within(screen.getByRole('alertdialog')).getByRole('textbox', { name: 'Reason' }), PLAN_REASON),
      'bulk.confirm': async () =>
        world.user.click(
          within(screen.getByRole('alertdialog')).getByRole('button', {
            name: ctx().bulk.action === 'approve' ? 'Approve' : 'Reject',
          }),
        ),
      'bulk.back': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Back' })),
      'bulk.cancel': async () =>
        world.user.click(
          screen.queryByRole('alertdialog')
            ? within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })
            : button('Cancel'),
        ),
      'bulk.close': async () => world.user.click(button('Done')),
    },
    arrange: {
      listFailed: async () => world.bridge.setOffline(true, [REQUEST_PATHS.list]),
      requestFailed: async () => world.bridge.setOffline(true, [REQUEST_PATHS.one]),
      actFailed: async () => world.bridge.setOffline(true, [REQUEST_PATHS.action]),
      previewFailed: async () => world.bridge.setOffline(true, [REQUEST_PATHS.bulkPreview]),
      applyFailed: async () => world.bridge.setOffline(true, [REQUEST_PATHS.bulk]),
      // A colleague approved the request after it was opened.
      decidedMeanwhile: async () =>
        void (await world.server.db
          .updateTable('research_requests')
          .set((eb) => ({
            status: 'approved',
            decided_by: 'rival',
            decided_at: Date.now(),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', first())
          .execute()),
    },
    afterOutcome: {
      listFailed: async () => world.bridge.setOffline(false),
      requestFailed: async () => world.bridge.setOffline(false),
      actFailed: async () => world.bridge.setOffline(false),
      previewFailed: async () => world.bridge.setOffline(false),
      applyFailed: async () => world.bridge.setOffline(false),
    },
    expectations: {
      loading: () => {
        expect(screen.getAllByText(/Loading the requests…/).length).toBeGreaterThan(0);
        // A kept reason stays stored until its request is shown again.
        expect(keptDraft()).toEqual(ctx().draft ? world.kept : null);
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`The requests could not be listed: ${NO_ANSWER}`);
        expect(button('Try again')).toBeEnabled();
      },
      listed: async (_s, { step }) => {
        await expectListed();
        expect(keptDraft()).toBeNull();
        if (step?.outcome === 'firstPage' && ctx().notice) {
          expect(screen.getByRole('status', { name: 'Requests notice' })).toHaveTextContent(ctx().notice!.text);
        }
        if (step?.event.type === 'bulk.close')
          expect(screen.getByRole('status', { name: 'Requests notice' })).toHaveTextContent(
            /requests? (approved|rejected)/,
          );
      },
      'request.loading': () => {
        expect(screen.getByRole('heading', { name: `Request ${first()}` })).toBeInTheDocument();
        expect(button('Back to requests')).toBeInTheDocument();
      },
      'request.loadFailed': () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`The request could not be loaded: ${NO_ANSWER}`);
        expect(button('Try again')).toBeEnabled();
      },
      'request.shown': async (_s, { step }) => {
        await expectRequest();
        // No reason typed: nothing kept for a reload, and the dialog is closed.
        expect(keptDraft()).toBeNull();
        expect(screen.queryByRole('alertdialog')).toBeNull();
        const row = await stored(first());
        if (step?.outcome === 'requestLoaded' && ctx().notice) {
          expect(screen.getByRole('status', { name: 'Request notice' })).toHaveTextContent(ctx().notice!.text);
          if (row.status === 'rejected') {
            expect(row.reason).toBe(world.reason);
            expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent(`Reason: ${world.reason}`);
          }
        }
        if (ctx().conflict) {
          expect(screen.getByRole('alert', { name: 'Someone else acted' })).toHaveTextContent(
            'Approved by rival after you opened it; nothing of yours was changed.',
          );
          expect(screen.getByLabelText('Status')).toHaveTextContent('Approved');
        }
        if (step?.outcome === 'actFailed')
          expect(screen.getByRole('alert')).toHaveTextContent(`The request was not approved: ${NO_ANSWER}`);
        // Asked, then cancelled: the request is as it was.
        if (step?.event.type === 'approve.cancel') expect(row.status).toBe('new');
      },
      'request.approving': async () => {
        const dialog = screen.getByRole('alertdialog');
        const { request } = ctx().detail!;
        expect(within(dialog).getByRole('heading')).toHaveTextContent(`Approve request ${first()}?`);
        expect(dialog).toHaveTextContent(
          `${request.user.name} (${request.user.email}) gets the research of ${request.broker.name} from now on: 1 fulfillment is started, with no end date.`,
        );
        expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
        // Nothing is decided while it asks.
        expect((await stored(first())).status).toBe('new');
      },
      'request.rejecting': () => {
        const dialog = screen.getByRole('alertdialog');
        expect(within(dialog).getByRole('heading')).toHaveTextContent(`Reject request ${first()}?`);
        expect(within(dialog).getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', ctx().reason === '');
        // What was typed (or kept from before a reload) is in the field, and kept for a reload.
        expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue(ctx().reason);
        expect(ctx().reason).toBe(ctx().reason === '' ? '' : world.reason);
        expect(keptDraft()).toEqual(
          ctx().reason === '' ? null : { kind: 'request', request: first(), reason: world.reason },
        );
      },
      'request.acting': () => {
        expect(button('Back to requests')).toBeDisabled();
      },
      'bulk.previewing': () => {
        expect(screen.getByRole('status', { name: 'Counting' })).toBeInTheDocument();
        expect(keptDraft()).toEqual(ctx().draft ? world.kept : null);
      },
      'bulk.previewFailed': () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`The requests could not be counted: ${NO_ANSWER}`);
      },
      'bulk.previewed': async () => {
        const chosen = ctx().bulk.scope === 'chosen';
        const n = chosen ? ctx().selected.length : (await matching()).length;
        expect(screen.getByRole('status', { name: 'Bulk selection' })).toHaveTextContent(
          `${n} ${n === 1 ? 'request' : 'requests'} ${chosen ? 'chosen' : 'matching'}.`,
        );
        expect(button(new RegExp(`^Approve ${n} request`))).toBeEnabled();
        // No action picked: no dialog, no reason kept.
        expect(screen.queryByRole('alertdialog')).toBeNull();
        expect(keptDraft()).toBeNull();
      },
      'bulk.confirming': () => {
        const dialog = screen.getByRole('alertdialog');
        const action = ctx().bulk.action;
        expect(within(dialog).getByRole('heading')).toHaveTextContent(
          action === 'approve' ? /^Approve: \d+ requests?\?$/ : /^Reject: \d+ requests?\?$/,
        );
        if (ctx().error)
          expect(within(dialog).getByRole('alert')).toHaveTextContent(`Nothing was changed: ${NO_ANSWER}`);
        // A rejection's reason, typed or kept from before a reload, is in its field and kept for a reload.
        const { scope, reason } = ctx().bulk;
        if (action === 'reject') {
          expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue(reason);
          expect(reason).toBe(reason === '' ? '' : world.reason);
        }
        expect(keptDraft()).toEqual(
          action === 'reject' && reason !== ''
            ? { kind: 'bulk', scope, requests: scope === 'chosen' ? ctx().selected : [], reason: world.reason }
            : null,
        );
      },
      'bulk.applying': () => {
        expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Back' })).toBeDisabled();
      },
      'bulk.reported': async () => {
        const action = ctx().bulk.action!;
        const done = await world.server.db
          .selectFrom('research_requests')
          .select('id')
          .where('status', '=', action === 'approve' ? 'approved' : 'rejected')
          .execute();
        expect(screen.getByRole('status', { name: 'Bulk outcome' })).toHaveTextContent(
          `${done.length} ${done.length === 1 ? 'request' : 'requests'} ${action === 'approve' ? 'approved' : 'rejected'}.`,
        );
        if (action === 'reject') expect((await stored(first())).reason).toBe(world.reason);
        expect(keptDraft()).toBeNull();
        if (action === 'approve') {
          const given = await world.server.db
            .selectFrom('fulfillments')
            .select('id')
            .where('status', '=', 'active')
            .execute();
          expect(given).toHaveLength(done.length);
        }
      },
    },
  });
}

describePaths(
  'researchRequests machine paths (Broker Research → Requests, real server)',
  researchRequestsPlan,
  { before: () => createWorld(null), after: tearDown, replay },
  () => {
    it('links the open request to its broker and, once approved, to its fulfillment in FulFillments', async () => {
      await mount();
      await world.user.click(
        await screen.findByRole('button', { name: new RegExp(`, open request ${first()}$`) }, { timeout: 5_000 }),
      );
      await world.user.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5_000 }));
      await world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
      await screen.findByRole('status', { name: 'Request notice' }, { timeout: 5_000 });
      await world.user.click(button('Broker details'));
      await world.user.click(await screen.findByRole('button', { name: 'Open in FulFillments' }));
      const user = Number((await stored(first())).user_id);
      expect(world.opened).toEqual([
        { tab: 'broker_details', params: { broker: String(world.broker) } },
        { tab: 'fulfillments', params: { user: String(user), broker: String(world.broker) } },
      ]);
    });
  },
);

describePaths(
  'researchRequests machine paths from a reason kept across a reload (decision 042)',
  researchRequestsDraftPlan,
  { before: () => createWorld('request'), after: tearDown, replay },
);

describePaths(
  'researchRequests machine paths from a bulk rejection’s reason kept across a reload (decision 042)',
  researchRequestsBulkDraftPlan,
  { before: () => createWorld('bulk'), after: tearDown, replay },
);
