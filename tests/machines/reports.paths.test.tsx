// Generated paths of the Reports Dashboard, replayed on the real view against the real server: the
// overview's panels read (each loaded, or all failed with the server unreachable, then one retried:
// loaded or failed again), the range changed to the last 7 days and the organization chosen in the
// picker; Analytics, Events and Depth opened from their tabs (loaded or failed, retried); events
// narrowed by name, paged and back, one person's summary opened (loaded or failed), closed. What is
// on screen is checked against the database: the users counted, the events listed.
import { isoDayText } from '../../src/domain/format';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { EVENT_PAGE_SIZE } from '../../src/domain/events';
import {
  DAY_MS,
  REPORT_PANELS,
  REPORT_PANEL_TITLES,
  REPORT_VIEW_LABELS,
  dayMs,
  defaultRange,
  type ReportView,
} from '../../src/domain/reports';
import { reportsDashboardMachine } from '../../src/sections/reports/reports.machine';
import { reportsDashboardPlan } from '../../src/sections/reports/reports.plan';
import type { ReportsDashboardContext } from '../../src/sections/reports/reports.types';
import { ReportsCtx } from '../../src/sections/reports/reports-context';
import { ReportsScreen, type ReportsSearch } from '../../src/sections/reports/reports-screen';
import {
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { flush, replayPath, type Driver } from '../support/replay';

const DASH = '/api/reports/dashboard/';
const ANALYTICS = '/user/fetch_user_analytics/';
const DEPTH = '/api/reports/depth/';
const EVENTS = '/segment/fetch_segmentio_events/';
const PERSON = '/user/get_user_segment_data/';
const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  dashboard: AnyActorRef | null;
  orgId: number;
}
let world: World;

async function createWorld(): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'lead',
    features: ['admin_panel_access', 'reports_dashboard_tab', 'analytics_tab', 'segmentio_tab', 'depth_analytics'],
  });
  const now = Date.now();
  const orgId = Number(
    (
      await server.db
        .insertInto('organizations')
        .values({ name: 'Harbor Capital', salesforce_id: null, sf_acc_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const member = (i: number, org: number | null, type: string) => ({
    username: `reader${i}`,
    email: `reader${i}@example.com`,
    first_name: 'Rae',
    last_name: `Reader ${i}`,
    organization_id: org,
    user_type: type,
    user_category: 'general',
    user_role: null,
    owner: null,
    product_configuration: 'acme_basic',
    data_plan: '[]',
    expiry_dt: type === 'trial' ? now + 10 * DAY_MS : null,
    active: 1 as const,
    deleted: 0 as const,
    is_account_admin: 0 as const,
    allowed_st: '[]',
    flags: '{}',
    password_hash: null,
    created_at: now - i * DAY_MS,
    updated_at: now,
    phone: null,
    subscription_status: type === 'trial' ? 'TRIAL' : 'PURCHASE',
    sf_contact_id: null,
    updated_by: null,
  });
  await server.db
    .insertInto('users')
    .values(Array.from({ length: 12 }, (_, i) => member(i, i % 2 ? orgId : null, i % 3 ? 'customer' : 'trial')))
    .execute();
  const reader = Number(
    (await server.db.selectFrom('users').select('id').where('username', '=', 'reader1').executeTakeFirstOrThrow()).id,
  );
  // More than two pages of one name, over the last days, from the platform.
  await server.db
    .insertInto('events')
    .values(
      Array.from({ length: 130 }, (_, i) => ({
        name: i % 10 === 0 ? 'Watchlist saved' : 'Report opened',
        source: 'platform',
        user_id: reader,
        organization_id: orgId,
        actor: 'reader1',
        occurred_at: now - i * 3_600_000,
        received_at: now,
        properties: null,
      })),
    )
    .execute();
  const { actors, user } = await signIn('/reports_dashboard');
  world = { server, bridge, user, actors, dashboard: null, orgId };
}

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  function Page() {
    const [search, setSearch] = useState<ReportsSearch>({
      filters: { ...defaultRange(Date.now()), org: null },
      view: 'overview',
    });
    return <ReportsScreen search={search} onSearch={setSearch} probe={<Holder />} />;
  }
  renderInConsole(world.actors, <Page />);
}
/** Holds the screen's own actor. */
function Holder() {
  world.dashboard = ReportsCtx.useActorRef();
  return null;
}

const context = () => world.dashboard!.getSnapshot().context as ReportsDashboardContext;
const section = (s: typeof screen, name: string) => s.getByRole('region', { name });
const online = async () => world.bridge.setOffline(false);
const rangeMs = () => ({ start: dayMs(context().filters.from), end: dayMs(context().filters.to) + DAY_MS });

async function pickOrganization(query: string, name: string): Promise<void> {
  const field = screen.getByRole('combobox', { name: 'Organization' });
  await world.user.type(field, query);
  await world.user.click(await screen.findByRole('option', { name: new RegExp(name) }, { timeout: 3000 }));
}

/** Users not deleted, in the organization chosen or all. */
async function usersNow(): Promise<number> {
  let q = world.server.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('deleted', '=', 0);
  if (context().filters.org) q = q.where('organization_id', '=', context().filters.org!.id);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The page of events the server holds for the list's name and page. */
async function expectedEvents(): Promise<string[]> {
  const { start, end } = rangeMs();
  let q = world.server.db
    .selectFrom('events')
    .select(['id', 'name', 'occurred_at'])
    .where('occurred_at', '>=', start)
    .where('occurred_at', '<', end)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc');
  if (context().events.name) q = q.where('name', '=', context().events.name);
  const all = await q.execute();
  const cursor = context().events.cursor;
  const from = cursor ? all.findIndex((r) => `${r.occurred_at}.${r.id}` === cursor) + 1 : 0;
  return all.slice(from, from + EVENT_PAGE_SIZE).map((r) => `${r.id}`);
}

function expectFailure(s: typeof screen, what: string): void {
  expect(s.getByRole('alert')).toHaveTextContent(`${what} could not be loaded. ${NO_ANSWER}`);
  expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
}

function expectShowing(s: typeof screen): void {
  const f = context().filters;
  expect(s.getByLabelText('Showing')).toHaveTextContent(
    `${isoDayText(f.from)} to ${isoDayText(f.to)} (UTC), ${f.org ? f.org.name : 'every organization'}`,
  );
  const tabs = s.getByRole('tablist', { name: 'Reports' });
  expect(within(tabs).getByRole('tab', { selected: true })).toHaveTextContent(REPORT_VIEW_LABELS[context().view]);
}

function driver(): Driver<World> {
  return {
    machine: reportsDashboardMachine,
    bridge: world.bridge,
    world,
    calls: {
      loadOverview: DASH,
      loadPanel: DASH,
      loadAnalytics: ANALYTICS,
      loadDepth: DEPTH,
      loadEvents: EVENTS,
      loadPerson: PERSON,
    },
    mount: async () => mount(),
    actor: () => world.dashboard!,
    perform: {
      'filters.change': async ({ step }) => {
        if ((step.event['filters'] as { org: unknown }).org) await pickOrganization('Harb', 'Harbor Capital');
        else await world.user.click(screen.getByRole('button', { name: 'Last 7 days' }));
      },
      'view.change': async ({ step }) =>
        world.user.click(
          screen.getByRole('tab', { name: new RegExp(`^${REPORT_VIEW_LABELS[step.event['view'] as ReportView]}`) }),
        ),
      'panel.retry': async () =>
        world.user.click(within(section(screen, REPORT_PANEL_TITLES.profile)).getByRole('button', { name: 'Retry' })),
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'events.name': async ({ step }) =>
        world.user.click(
          within(screen.getByRole('group', { name: 'Event name' })).getByRole('button', {
            name: String(step.event['name']),
          }),
        ),
      'events.next': async () => world.user.click(screen.getByRole('button', { name: 'Next' })),
      'events.first': async () => world.user.click(screen.getByRole('button', { name: 'First page' })),
      'person.open': async () =>
        world.user.click(
          within(screen.getByRole('table', { name: 'Events' })).getAllByRole('button', { name: 'reader1' })[0]!,
        ),
      'person.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'person.close': async () => world.user.click(screen.getByRole('button', { name: 'Back to events' })),
    },
    arrange: {
      overviewFailed: async () => world.bridge.setOffline(true, [DASH]),
      panelFailed: async () => world.bridge.setOffline(true, [DASH]),
      analyticsFailed: async () => world.bridge.setOffline(true, [ANALYTICS]),
      depthFailed: async () => world.bridge.setOffline(true, [DEPTH]),
      eventsFailed: async () => world.bridge.setOffline(true, [EVENTS]),
      personFailed: async () => world.bridge.setOffline(true, [PERSON]),
    },
    afterOutcome: {
      overviewFailed: online,
      panelFailed: online,
      analyticsFailed: online,
      depthFailed: online,
      eventsFailed: online,
      personFailed: online,
    },
    expectations: {
      choosing: () => {},
      'overview.loading': (s) => {
        expectShowing(s);
        for (const p of REPORT_PANELS)
          expect(within(section(s, REPORT_PANEL_TITLES[p])).getByRole('status')).toHaveTextContent(
            `Loading ${REPORT_PANEL_TITLES[p].toLowerCase()}…`,
          );
      },
      'overview.ready': async (s) => {
        expectShowing(s);
        for (const p of REPORT_PANELS) {
          const panel = context().panels[p];
          const region = section(s, REPORT_PANEL_TITLES[p]);
          if (panel.status === 'failed') {
            expect(within(region).getByRole('alert')).toHaveTextContent(
              `${REPORT_PANEL_TITLES[p]} could not be loaded. ${NO_ANSWER}`,
            );
            expect(within(region).getByRole('button', { name: 'Retry' })).toBeEnabled();
          } else {
            expect(panel.status).toBe('loaded');
            for (const c of panel.charts)
              expect(within(region).getByRole('region', { name: c.title })).toBeInTheDocument();
          }
        }
        if (context().panels.profile.status === 'loaded') {
          // The users counted are the users the database holds (for the organization chosen).
          const byType = context().panels.profile.charts.find((c) => c.id === 'users-by-type')!;
          expect(byType.rows.reduce((a, r) => a + r.values[0]!, 0)).toBe(await usersNow());
          expect(
            within(section(s, 'Users by type')).getByRole('img', { name: /^Users by type: / }),
          ).toBeInTheDocument();
        }
      },
      'overview.reloading': (s) => {
        expect(within(section(s, REPORT_PANEL_TITLES.profile)).getByRole('status')).toHaveTextContent('Loading users…');
      },
      'analytics.loading': (s) => {
        expectShowing(s);
        expect(s.getByRole('status')).toHaveTextContent('Loading analytics…');
      },
      'analytics.failed': (s) => expectFailure(s, 'Analytics'),
      'analytics.loaded': async (s) => {
        expectShowing(s);
        const byName = context().charts.find((c) => c.id === 'events-by-name')!;
        const { start, end } = rangeMs();
        const opened = await world.server.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('name', '=', 'Report opened')
          .where('occurred_at', '>=', start)
          .where('occurred_at', '<', end)
          .executeTakeFirstOrThrow();
        expect(byName.rows.find((r) => r.label === 'Report opened')?.values[0]).toBe(Number(opened.n));
        expect(section(s, 'Events per day')).toBeInTheDocument();
      },
      'depth.loading': (s) => {
        expect(s.getByRole('status')).toHaveTextContent('Loading depth…');
      },
      'depth.failed': (s) => expectFailure(s, 'Depth'),
      'depth.loaded': (s) => {
        expect(section(s, 'Active people per day')).toBeInTheDocument();
        expect(section(s, 'Events per active person per day')).toBeInTheDocument();
      },
      'events.loading': (s) => {
        expect(s.getByRole('status')).toHaveTextContent('Loading events…');
      },
      'events.failed': (s) => expectFailure(s, 'Events'),
      'events.loaded': async (s) => {
        expectShowing(s);
        expect(context().events.items.map((e) => `${e.id}`)).toEqual(await expectedEvents());
        const rows = within(s.getByRole('table', { name: 'Events' }))
          .getAllByRole('row')
          .slice(1);
        expect(rows).toHaveLength(context().events.items.length);
        expect(s.getByRole('button', { name: 'First page' })).toHaveProperty(
          'disabled',
          context().events.cursor === '',
        );
        if (context().events.name)
          expect(
            within(s.getByRole('group', { name: 'Event name' })).getByRole('button', { name: context().events.name }),
          ).toHaveAttribute('aria-pressed', 'true');
      },
      'events.person.loading': (s) => {
        expect(s.getByRole('status')).toHaveTextContent("Loading this person's events…");
      },
      'events.person.failed': (s) => expectFailure(s, "This person's events"),
      'events.person.shown': (s) => {
        const person = section(s, 'Person');
        expect(within(person).getByRole('heading', { level: 3 })).toHaveTextContent(
          'Rae Reader 1 (reader1@example.com)',
        );
        expect(person).toHaveTextContent('First seen');
        expect(within(person).getByRole('region', { name: 'Their events per day' })).toBeInTheDocument();
      },
    },
  };
}

describePaths('reportsDashboard machine paths (Reports Dashboard, real server)', reportsDashboardPlan, {
  before: () => createWorld(),
  replay: async (path) => {
    await replayPath(path, driver());
    await flush();
  },
});
