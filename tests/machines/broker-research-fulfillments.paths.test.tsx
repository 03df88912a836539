// Generated paths of FulFillments, replayed on the real view against the real server: 60
// fulfillments read newest first (page 1 of 50 rows, page 2 of 10, and back), a filter nothing
// matches set from the Source menu and cleared, the list not read (Retry), both downloads (the
// form post answered by the server: CSV parsed, XLSX opened, every row of the filters), and an
// active fulfillment ended with a reason (ended and stored; ended first by a colleague, said; not
// sent, the dialog keeps the reason) or left alone. Beside them: a link from another tab (user and
// broker in the URL) shows their names and only their rows. The second walk starts from a reason
// kept across a reload: the same fulfillment's dialog opens again with it, and it is sent or put
// away; the tab's storage holds the reason exactly while it is typed.
import { act, screen, waitFor, within } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor, type AnyActorRef } from 'xstate';
import { captureSavedFiles, type SavedFile } from '../support/saved-files';
import { FULFILLMENT_EXPORT_COLUMNS } from '../../src/domain/broker-research-fulfillments';
import { researchFulfillmentsMachine } from '../../src/sections/broker-research/fulfillments/fulfillments.machine';
import { checkEndDraft } from '../../src/sections/broker-research/fulfillments/fulfillments.draft';
import {
  PLAN_END_DRAFT,
  PLAN_REASON,
  researchFulfillmentsDraftPlan,
  researchFulfillmentsPlan,
} from '../../src/sections/broker-research/fulfillments/fulfillments.plan';
import type { ResearchFulfillmentsContext } from '../../src/sections/broker-research/fulfillments/fulfillments.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { FulfillmentsCtx } from '../../src/sections/broker-research/fulfillments/fulfillments-context';
import {
  endDraftAddress,
  EndDraftKeeper,
  FulfillmentsScope,
} from '../../src/sections/broker-research/fulfillments/fulfillments-scope';
import { FulfillmentsView } from '../../src/sections/broker-research/fulfillments/fulfillments-view';
import { TabSearchContext, type TabParams, type TabSearch } from '../../src/sections/broker-research/tab-search';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  itPaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import { dayText } from '../../src/domain/format';
import { userRow } from '../support/factories';

const LIST = '/user/get_fulfillment_info/';
const END = '/user/end_br_fulfillment/';
const NO_ANSWER = 'Error: no response from the server';
const PEOPLE = 60;
const T0 = Date.UTC(2026, 5, 1);

interface World extends SignedInWorld {
  staffId: number;
  /** The fulfillment whose ending was being worded before a reload. */
  kept: number | null;
  urls: TabParams[];
  opened: { tab: string; params?: TabParams }[];
  exports: SavedFile[];
  list: AnyActorRef | null;
  brokers: { apex: number; birch: number };
}
let world: World;

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'keeper',
    features: ['admin_panel_access', 'br_research'],
  });
  const db = server.db;
  const org = Number(
    (
      await db
        .insertInto('organizations')
        .values({ name: 'Northwind Capital', salesforce_id: null, sf_acc_id: null, created_at: T0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const broker = async (name: string) =>
    Number(
      (
        await db
          .insertInto('brokers')
          .values({
            name,
            open_access: 0,
            group_id: null,
            created_at: T0,
            legal_name: null,
            short_name: null,
            mifid_updated_at: null,
            mifid_updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const brokers = { apex: await broker('Apex Research'), birch: await broker('Birch Securities') };
  for (let i = 0; i < PEOPLE; i++) {
    const user = Number(
      (
        await db
          .insertInto('users')
          .values(
            userRow({
              username: `reader${i}`,
              email: `reader${i}@example.test`,
              first_name: 'Reader',
              last_name: `No ${i}`,
              organization_id: org,
              user_type: 'customer',
              phone: null,
              created_at: T0,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const at = T0 + i * 3_600_000;
    const brokerId = i % 6 === 5 ? brokers.birch : brokers.apex;
    const request =
      i % 12 === 11
        ? null
        : Number(
            (
              await db
                .insertInto('research_requests')
                .values({
                  user_id: user,
                  broker_id: brokerId,
                  organization_id: org,
                  status: 'approved',
                  created_at: at - 86_400_000,
                  updated_at: at,
                  decided_at: at,
                  decided_by: 'admin',
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          );
    await db
      .insertInto('fulfillments')
      .values({
        user_id: user,
        broker_id: brokerId,
        organization_id: org,
        source: request === null ? 'broker' : 'request',
        request_id: request,
        source_name: request === null ? 'Broker client list' : null,
        dist: null,
        starts_at: at,
        ends_at: null,
        status: 'active',
        ended_at: null,
        ended_reason: null,
        created_by: 'admin',
        created_at: at,
      })
      .execute();
  }
  const { actors, user } = await signIn('/broker_research');
  const staffId = (await db.selectFrom('users').select('id').where('username', '=', 'keeper').executeTakeFirstOrThrow())
    .id;
  world = {
    server,
    bridge,
    user,
    actors,
    staffId,
    kept: null,
    urls: [],
    opened: [],
    exports: captureSavedFiles(),
    list: null,
    brokers,
  };
  sessionStorage.clear();
});

afterEach(async () => {
  await closeSignedInWorld(world);
  vi.restoreAllMocks();
});

/** The tab's URL parameters, kept as the screen keeps them. */
function Harness({ initial }: { initial: TabParams }) {
  const [params, setParamsState] = useState<TabParams>(initial);
  const search: TabSearch = {
    tab: 'fulfillments',
    params,
    setParams: (next) => {
      world.urls.push(next);
      setParamsState({ ...next });
    },
    openTab: (tab, p) => world.opened.push({ tab, params: p }),
  };
  return (
    <TabSearchContext.Provider value={search}>
      <FulfillmentsScope staff={world.staffId}>
        <ActorProbe hook={FulfillmentsCtx.useActorRef} keep={(ref) => (world.list = ref)} />
        <EndDraftKeeper staff={world.staffId} />
        <FulfillmentsView />
      </FulfillmentsScope>
    </TabSearchContext.Provider>
  );
}

function mount(initial: TabParams = {}): void {
  renderInConsole(world.actors, <Harness initial={initial} />);
}

const contextOf = () => world.list!.getSnapshot().context as ResearchFulfillmentsContext;
const region = () => screen.getByRole('region', { name: 'Fulfillments' });
const dataRows = () => within(within(region()).getByRole('table')).getAllByRole('row').slice(1);
const online = async () => world.bridge.setOffline(false);
/** The ending the tab's storage keeps. */
const keptDraft = () => readDraft(endDraftAddress(world.staffId)!, checkEndDraft);

/** The stored fulfillments in list order, with their user and broker. */
async function stored(filter: { source?: string } = {}) {
  let q = world.server.db
    .selectFrom('fulfillments as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('brokers as b', 'b.id', 'f.broker_id')
    .select([
      'f.id',
      'f.status',
      'f.ended_by',
      'f.ended_reason',
      'f.request_id',
      'f.starts_at',
      'f.version',
      'u.email',
      'u.last_name',
      'b.name as broker',
    ]);
  if (filter.source) q = q.where('f.source', '=', filter.source as 'request');
  return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').execute();
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** The page on screen is the stored rows of that page, each shown as the list shows it. */
async function expectPage(s: typeof screen): Promise<void> {
  const c = contextOf();
  const all = await stored();
  const first = c.page * 50;
  const want = all.slice(first, first + 50);
  const rows = dataRows();
  expect(rows).toHaveLength(want.length);
  expect(s.getByRole('status', { name: 'Rows shown' })).toHaveTextContent(
    `${first + 1}–${first + want.length} of ${all.length} fulfillments`,
  );
  for (const [i, r] of [
    [0, want[0]!],
    [rows.length - 1, want.at(-1)!],
  ] as const) {
    const cells = within(rows[i]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(`Reader ${r.last_name}${r.email}`);
    expect(cells[1]).toHaveTextContent('Northwind Capital');
    expect(cells[2]).toHaveTextContent(r.broker);
    expect(cells[3]).toHaveTextContent(
      r.request_id === null ? 'Broker: Broker client list' : `Request #${r.request_id}`,
    );
    expect(cells[4]).toHaveTextContent(dayText(Number(r.starts_at)));
    expect(cells[6]).toHaveTextContent(
      r.status === 'active' ? 'Active' : `Ended${r.ended_by ? `${r.ended_by}: ` : ''}${r.ended_reason ?? ''}`,
    );
    expect(within(rows[i]!).queryByRole('button', { name: `End ${r.broker} for ${r.email}` }) !== null).toBe(
      r.status === 'active',
    );
  }
  expect(s.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', c.page === 0);
  expect(s.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', first + 50 >= all.length);
}

/** The download the button made: the real server's file of every row of the filters, said on the page. */
async function expectDownload(format: 'csv' | 'xlsx'): Promise<void> {
  const child = world.list!.getSnapshot().children['export'] as AnyActorRef;
  await act(() => waitForActor(child, (x) => !x.hasTag('busy'), { timeout: Infinity }));
  const file = world.exports.at(-1)!;
  expect(file.name).toMatch(new RegExp(`^fulfillments-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
  const ids = (await stored()).map((r) => String(r.id));
  expect(screen.getByRole('status', { name: 'Export' })).toHaveTextContent(
    `Downloaded ${ids.length} rows (${file.name}).`,
  );
  if (format === 'csv') {
    const [header, ...rows] = parseCsv(await file.blob.text());
    expect(header).toEqual([...FULFILLMENT_EXPORT_COLUMNS]);
    expect(rows.map((r) => r[0])).toEqual(ids);
  } else {
    const sheet = strFromU8(unzipSync(new Uint8Array(await file.blob.arrayBuffer()))['xl/worksheets/sheet1.xml']!);
    const rows = sheet.match(/<row r="\d+">[\s\S]*?<\/row>/g)!;
    expect(rows.slice(1).map((r) => /<c><v>(\d+)<\/v><\/c>/.exec(r)![1])).toEqual(ids);
  }
}

const dialog = () => screen.getByRole('dialog', { name: 'End this fulfillment?' });

function driver(): Driver<World> {
  return {
    machine: researchFulfillmentsMachine,
    bridge: world.bridge,
    world,
    calls: { loadPage: LIST, endFulfillment: END },
    mount: async () => mount(),
    actor: () => world.list!,
    perform: {
      'query.set': async ({ step }) => {
        if ((step.event['query'] as { source: string }).source === 'other_source') {
          await world.user.click(screen.getByRole('combobox', { name: 'Source' }));
          await world.user.click(await screen.findByRole('option', { name: 'Other source' }));
        } else {
          await world.user.click(screen.getByRole('button', { name: 'Clear filters' }));
        }
      },
      'page.next': async () => world.user.click(screen.getByRole('button', { name: 'Next' })),
      'page.prev': async () => world.user.click(screen.getByRole('button', { name: 'Previous' })),
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'export.request': async ({ step }) =>
        world.user.click(
          screen.getByRole('button', { name: step.event['format'] === 'csv' ? 'Export CSV' : 'Export XLSX' }),
        ),
      'end.open': async () => world.user.click(within(region()).getAllByRole('button', { name: /^End / })[0]!),
      'reason.type': async () =>
        world.user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), PLAN_REASON),
      'end.confirm': async () => world.user.click(within(dialog()).getByRole('button', { name: 'End fulfillment' })),
      'end.cancel': async () => world.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [LIST]),
      endFailed: async () => world.bridge.setOffline(true, [END]),
      // The rows of page 2 go (their users removed) while the person turns to it.
      emptied: async () => {
        const kept = (await stored()).slice(0, 50).map((r) => r.id);
        await world.server.db.deleteFrom('fulfillments').where('id', 'not in', kept).execute();
      },
      // A colleague ends the same fulfillment first.
      endedMeanwhile: async () => {
        const id = contextOf().ending!.row.id;
        await world.server.db
          .updateTable('fulfillments')
          .set({
            status: 'ended',
            ended_at: Date.now(),
            ended_by: 'colleague',
            ended_reason: 'Asked by the broker.',
            version: 9,
          })
          .where('id', '=', id)
          .execute();
      },
    },
    afterOutcome: { loadFailed: online, endFailed: online },
    expectations: {
      loading: (s) => {
        const c = contextOf();
        if (c.rows.length === 0 && c.total === null)
          expect(s.getByRole('status', { name: 'Loading fulfillments' })).toHaveTextContent('Loading fulfillments…');
        else expect(region()).toHaveAttribute('aria-busy', 'true');
        expect(s.queryByRole('dialog')).toBeNull();
      },
      listed: async (s, { step }) => {
        await expectPage(s);
        // The buttons wait while the file is prepared, then the page says what arrived.
        if (step?.event.type === 'export.request') await expectDownload(step.event['format'] as 'csv' | 'xlsx');
        expect(s.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
        expect(s.queryByRole('dialog')).toBeNull();
        // No dialog, nothing kept: sent, put away or never typed.
        expect(keptDraft()).toBeNull();
        const notice = s.queryByRole('status', { name: 'FulFillments notice' });
        if (step?.outcome === 'firstPage' && world.urls.length === 0 && contextOf().notice === null)
          expect(notice).toBeNull();
        if (contextOf().notice?.tone === 'info') {
          expect(notice).toHaveTextContent('Fulfillment ended.');
          const ended = (await stored()).filter((r) => r.status === 'ended');
          expect(ended).toHaveLength(1);
          expect(ended[0]).toMatchObject({ ended_by: 'keeper', ended_reason: PLAN_REASON });
        }
        if (contextOf().notice?.tone === 'error') {
          expect(notice).toHaveTextContent('Already ended by colleague.');
          expect(dataRows()[0]!).toHaveTextContent('Endedcolleague: Asked by the broker.');
        }
        // A page turn is in the URL: Reload and Back find it.
        if (step?.outcome === 'lastPage') expect(world.urls.at(-1)).toMatchObject({ page: '2' });
        if (step?.event.type === 'page.prev' || step?.outcome === 'firstPage')
          expect(world.urls.at(-1)?.['cursor']).toBeUndefined();
      },
      empty: async (s) => {
        expect(s.getByText('No fulfillments match these filters.')).toBeInTheDocument();
        expect(s.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
        if (contextOf().search.source === 'other_source') {
          expect(s.getByRole('status', { name: 'Rows shown' })).toHaveTextContent('0 fulfillments');
          expect(await stored({ source: 'other_source' })).toHaveLength(0);
          expect(world.urls.at(-1)).toEqual({ source: 'other_source' });
          expect(s.getByRole('combobox', { name: 'Source' })).toHaveTextContent('Other source');
          expect(s.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
          expect(s.getByRole('button', { name: 'Previous' })).toBeDisabled();
        } else {
          // Page 2, emptied meanwhile: the way back to page 1 stays.
          expect(await stored()).toHaveLength(50);
          expect(s.getByRole('button', { name: 'Previous' })).toBeEnabled();
        }
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The fulfillments could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('region', { name: 'Fulfillments' })).toBeNull();
      },
      confirming: async (_s, { step }) => {
        const c = contextOf();
        const row = c.ending!.row;
        expect(dialog()).toHaveTextContent(
          `Reader ${row.user_name.replace(/^Reader /, '')} (${row.user_email}) will no longer read ${row.broker}’s research.`,
        );
        expect(within(dialog()).getByRole('textbox', { name: 'Reason' })).toHaveValue(c.ending!.reason);
        expect(within(dialog()).getByRole('button', { name: 'End fulfillment' })).toHaveProperty(
          'disabled',
          c.ending!.reason.trim() === '',
        );
        // What is typed is kept in the tab across a reload (also when sending failed); nothing while the reason is empty.
        expect(keptDraft()).toEqual(c.ending!.reason === '' ? null : { id: row.id, reason: c.ending!.reason });
        if (step?.outcome === 'firstPage') {
          // Reopened after a reload: the same fulfillment, with the reason typed before, still active in the list behind.
          expect(row.id).toBe(world.kept);
          expect(c.ending!.reason).toBe(PLAN_END_DRAFT.reason);
          const all = await stored();
          expect(dialog()).toHaveTextContent(`(${all[0]!.email})`);
          expect(
            within(screen.getByRole('region', { name: 'Fulfillments', hidden: true })).getAllByRole('row', {
              hidden: true,
            })[1]!,
          ).toHaveTextContent('Active');
        }
        if (c.ending!.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(`Not ended. ${NO_ANSWER}`);
        else expect(within(dialog()).queryByRole('alert')).toBeNull();
        // Nothing is ended until the reason is sent and taken.
        expect((await stored()).find((r) => r.id === row.id)?.status).toBe('active');
      },
      ending: () => {
        expect(within(dialog()).getByRole('button', { name: 'Ending…' })).toBeDisabled();
        expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
    },
  };
}

describePaths('researchFulfillments machine paths (FulFillments, real server)', researchFulfillmentsPlan, { driver });

describe('researchFulfillments machine paths from a reason kept across a reload (decision 042)', () => {
  // The newest fulfillment's ending was being worded when the page was reloaded.
  beforeEach(async () => {
    world.kept = (await stored())[0]!.id;
    writeDraft(endDraftAddress(world.staffId)!, { id: world.kept, reason: PLAN_END_DRAFT.reason });
  });
  itPaths(researchFulfillmentsDraftPlan, { driver });
});

describe('a link from another tab', () => {
  it('shows the user and broker it names, only their fulfillments, and the request links to Requests', async () => {
    const row = (await stored()).find((r) => r.broker === 'Birch Securities' && r.request_id !== null)!;
    const user = (
      await world.server.db
        .selectFrom('fulfillments')
        .select('user_id')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow()
    ).user_id;
    mount({ user: String(user), broker: String(world.brokers.birch) });
    expect(await screen.findByRole('status', { name: 'Rows shown' })).toHaveTextContent('1–1 of 1 fulfillment');
    expect(screen.getByLabelText('User filter')).toHaveTextContent(`Reader ${row.last_name} (${row.email})`);
    expect(screen.getByLabelText('Broker filter')).toHaveTextContent('Birch Securities');
    expect(dataRows()).toHaveLength(1);
    await world.user.click(within(dataRows()[0]!).getByRole('button', { name: `Request #${row.request_id}` }));
    expect(world.opened).toEqual([
      { tab: 'requests', params: { user: String(user), broker: String(world.brokers.birch) } },
    ]);
    await world.user.click(screen.getByRole('button', { name: 'Clear user' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Rows shown' })).toHaveTextContent(
        `1–${PEOPLE / 6} of ${PEOPLE / 6} fulfillments`,
      ),
    );
    expect(world.urls.at(-1)).toEqual({ broker: String(world.brokers.birch) });
  });
});
