// Generated paths of a user's Content tab, replayed on the real view against the real server: ada
// holds 105 saved searches (two pages), a watchlist and a dashboard; a watchlist manager keeps a
// shared one. Everything read at once, or with the saved searches and dashboards not answered
// (each retried on its own, read or not); more saved searches read or not; one ticked and the
// copy dialog opened and put away; a dashboard's settings read (or not, then retried) and closed.
// The second walk opens on a copy kept across a reload; the third is a reader, who sees the same
// lists without ticks or copy buttons.
import { screen, within } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { optionLabel } from '../../src/domain/user-labels';
import {
  CLASH_RESOLUTION_LABELS,
  contentNameKey,
  type ContentKind,
  type DashboardSettings,
} from '../../src/domain/user-content';
import { checkCopyDraft } from '../../src/sections/user-content/content-copy.draft';
import { userContentMachine } from '../../src/sections/user-content/user-content.machine';
import {
  userContentDraftPlan,
  userContentPlan,
  userContentReaderPlan,
} from '../../src/sections/user-content/user-content.plan';
import type { Section, UserContentContext } from '../../src/sections/user-content/user-content.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { ContentTab, copyDraftAddress } from '../../src/sections/user-content/content-tab';
import { UserContentCtx } from '../../src/sections/user-content/user-content-context';
import type { MachinePlan } from '../../src/workflows/plan';
import {
  ActorProbe,
  describePaths,
  closeSignedInWorld,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { replayPath, type Driver } from '../support/replay';
import type { TestServer } from '../support/server';

const SAVED = '/user/fetch_saved_searches/';
const DASHBOARDS = '/user/graph/get_dashboard_template_ap/';
const SETTINGS = '/user/graph/get_dashboard_settings_ap/';
const NO_ANSWER = 'Error: no response from the server';
const EDITOR = ['admin_panel_access', 'user_mgmt', 'edit_user', 'is_admin_ss', 'is_admin_wm'];
const READER = ['admin_panel_access', 'user_mgmt'];
const TITLES: Record<Section, string> = {
  saved_search: 'Saved searches',
  watchlist: 'Watchlists',
  shared: 'Shared watchlists',
  dashboard: 'Dashboards',
  transcript: 'Transcript source',
};
const FAILED: Record<Section, string> = {
  saved_search: 'The saved searches could not be loaded.',
  watchlist: 'The watchlists could not be loaded.',
  shared: 'The shared watchlists could not be loaded.',
  dashboard: 'The dashboards could not be loaded.',
  transcript: 'The transcript source could not be loaded.',
};
const SETTINGS_BODY: DashboardSettings = {
  layout: 'grid',
  refresh_seconds: 60,
  widgets: [
    { type: 'news_stream', title: 'Top news', watchlist: null },
    { type: 'watchlist_quotes', title: 'My chips', watchlist: 'Chips' },
  ],
};

interface World extends SignedInWorld {
  staffId: number;
  adaId: number;
  tab: AnyActorRef | null;
}
let world: World;

const idOf = async (server: TestServer, username: string) =>
  Number(
    (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
  );

async function item(
  server: TestServer,
  owner: number,
  kind: ContentKind,
  name: string,
  body: object,
  size: number,
): Promise<number> {
  const now = Date.now();
  return Number(
    (
      await server.db
        .insertInto('user_content')
        .values({
          user_id: owner,
          kind,
          name,
          name_key: contentNameKey(name),
          body: JSON.stringify(body),
          size,
          last_used_at: kind === 'saved_search' ? now - 3_600_000 : null,
          created_by: 'seed',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
}

/** Ada's content, a watchlist manager's shared watchlist, a console signed in with `features`; `kept`: a copy prepared before a reload. */
async function createWorld(features: string[], kept: boolean): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'keeper', features });
  await server.createStaff({ username: 'ada', features: [] });
  await server.createStaff({ username: 'wm', features: [] });
  const adaId = await idOf(server, 'ada');
  const wmId = await idOf(server, 'wm');
  await server.db
    .updateTable('users')
    .set({ admin_privileges: JSON.stringify({ is_admin_wm: true }) })
    .where('id', '=', wmId)
    .execute();
  for (let i = 1; i <= 104; i++)
    await item(
      server,
      adaId,
      'saved_search',
      `Search ${String(i).padStart(3, '0')}`,
      { query: `q${i}`, sources: ['AMR', "Moody's"], alert: i % 2 === 0 },
      2,
    );
  await item(
    server,
    adaId,
    'saved_search',
    'Semiconductor earnings',
    { query: 'semiconductor AND earnings', sources: ['Stream'], alert: true },
    1,
  );
  await item(server, adaId, 'watchlist', 'Chips', { tickers: ['NVDA', 'AMD', 'TSM'] }, 3);
  await item(server, adaId, 'dashboard', 'Mornings', { template: 'market_overview', settings: SETTINGS_BODY }, 2);
  await item(server, wmId, 'watchlist', 'Desk picks', { tickers: ['AAPL', 'MSFT'] }, 2);
  const { actors, user } = await signIn('/user_list');
  const staffId = await idOf(server, 'keeper');
  world = { server, bridge, user, actors, staffId, adaId, tab: null };
  sessionStorage.clear();
  if (kept) {
    const first = Number(
      (
        await server.db
          .selectFrom('user_content')
          .select('id')
          .where('name', '=', 'Search 001')
          .executeTakeFirstOrThrow()
      ).id,
    );
    writeDraft(copyDraftAddress(staffId, adaId)!, {
      kind: 'saved_search',
      items: [{ id: first, name: 'Search 001' }],
      targets: 'grace',
      on_clash: 'skip',
    });
  }
}

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  renderInConsole(
    world.actors,
    <ContentTab
      userId={world.adaId}
      userName="ada Staff"
      probe={<ActorProbe hook={UserContentCtx.useActorRef} keep={(ref) => (world.tab = ref)} />}
    />,
  );
}

const context = () => world.tab!.getSnapshot().context as UserContentContext;
const online = async () => world.bridge.setOffline(false);
const offline =
  (...paths: string[]) =>
  async () =>
    world.bridge.setOffline(true, paths);
const section = (s: typeof screen, part: Section) =>
  within(s.getByRole('region', { name: TITLES[part], hidden: true }));
const keptDraft = () => readDraft(copyDraftAddress(world.staffId, world.adaId)!, checkCopyDraft);
/** Ada's saved searches by name as the server holds them. */
const adaSearches = async () =>
  (
    await world.server.db
      .selectFrom('user_content')
      .select('name')
      .where('user_id', '=', world.adaId)
      .where('kind', '=', 'saved_search')
      .orderBy('name_key')
      .execute()
  ).map((r) => r.name);

/** Every section as its read stands: loading, failed with Retry, or its rows. */
async function expectSections(s: typeof screen): Promise<void> {
  const c = context();
  const editor = c.features.includes('edit_user');
  for (const part of Object.keys(TITLES) as Section[]) {
    const box = section(s, part);
    const p = c.parts[part];
    if (p.status === 'loading')
      expect(
        box.getByRole('status', { name: `Loading ${TITLES[part].toLowerCase()}`, hidden: true }),
      ).toHaveTextContent('Loading…');
    if (p.status === 'failed') {
      expect(box.getByRole('alert', { hidden: true })).toHaveTextContent(`${FAILED[part]} ${NO_ANSWER}`);
      expect(
        box.getByRole('button', { name: `Retry ${TITLES[part].toLowerCase()}`, hidden: true }),
      ).toBeInTheDocument();
    }
    if (p.status !== 'shown') continue;
    expect(box.queryByRole('alert', { hidden: true })).toBeNull();
    if (part === 'saved_search') {
      const all = await adaSearches();
      const rows = box.getAllByRole('row', { hidden: true }).slice(1);
      expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(all.slice(0, rows.length));
      expect(rows).toHaveLength(c.parts.saved_search.reply!.next === null ? 105 : 100);
      expect(box.getByLabelText('Saved searches shown')).toHaveTextContent(`${rows.length} of 105`);
      expect(rows[0]).toHaveTextContent(/Search 001q1AMRMoody'sOff/);
      expect(box.queryByRole('button', { name: /Load more|Loading…/, hidden: true }) !== null).toBe(
        c.parts.saved_search.reply!.next !== null,
      );
      // Ticks and the copy button for an editor who may copy saved searches; none for a reader.
      expect(box.queryAllByRole('checkbox', { hidden: true })).toHaveLength(editor ? rows.length : 0);
      expect(box.queryByRole('button', { name: /^Copy saved searches to users…/, hidden: true }) !== null).toBe(editor);
      if (editor) {
        const ticked = box
          .getAllByRole('checkbox', { hidden: true })
          .filter((b) => b.getAttribute('aria-checked') === 'true');
        expect(ticked.map((b) => b.getAttribute('aria-label'))).toEqual(
          c.chosen.saved_search.length ? ['Choose Search 001'] : [],
        );
      }
    }
    if (part === 'watchlist') {
      expect(box.getByRole('row', { name: 'Chips', hidden: true })).toHaveTextContent('Chips3NVDA, AMD, TSM');
      expect(box.queryByRole('button', { name: /^Copy watchlists to users…/, hidden: true }) !== null).toBe(editor);
    }
    if (part === 'shared')
      expect(box.getByRole('row', { name: 'Desk picks', hidden: true })).toHaveTextContent('Desk picks2wm');
    if (part === 'dashboard')
      expect(box.getByRole('row', { name: 'Mornings', hidden: true })).toHaveTextContent(
        'MorningsMarket overview2Settings',
      );
    if (part === 'transcript') {
      const r = c.parts.transcript.reply!;
      const words = box.getByLabelText('Transcript source and research provider');
      expect(words).toHaveTextContent(`Transcript source${optionLabel(r.tr_src)}`);
      expect(words).toHaveTextContent(`Research provider${optionLabel(r.rr_pro)}`);
    }
  }
}

function driver(): Driver<World> {
  const dialog = () => within(screen.getByRole('dialog'));
  return {
    machine: userContentMachine,
    bridge: world.bridge,
    world,
    calls: { loadAll: '/user/', loadSection: '/user/', loadMore: SAVED, loadSettings: SETTINGS },
    mount: async () => mount(),
    actor: () => world.tab!,
    perform: {
      'section.retry': async ({ step }) =>
        world.user.click(
          screen.getByRole('button', { name: `Retry ${TITLES[step.event['section'] as Section].toLowerCase()}` }),
        ),
      'searches.more': async () => world.user.click(screen.getByRole('button', { name: 'Load more' })),
      'item.toggle': async () => world.user.click(screen.getByRole('checkbox', { name: 'Choose Search 001' })),
      'copy.open': async () => world.user.click(screen.getByRole('button', { name: /^Copy saved searches to users…/ })),
      'copy.closed': async () => world.user.click(dialog().getByRole('button', { name: 'Cancel' })),
      'settings.open': async () => world.user.click(screen.getByRole('button', { name: 'Settings of Mornings' })),
      'settings.retry': async () => world.user.click(dialog().getByRole('button', { name: 'Retry' })),
      'settings.close': async () => world.user.click(dialog().getByRole('button', { name: 'Close' })),
    },
    arrange: {
      partlyLoaded: offline(SAVED, DASHBOARDS),
      sectionFailed: offline(SAVED, DASHBOARDS),
      moreFailed: offline(SAVED),
      settingsFailed: offline(SETTINGS),
    },
    afterOutcome: { partlyLoaded: online, sectionFailed: online, moreFailed: online, settingsFailed: online },
    expectations: {
      loading: async (s) => {
        await expectSections(s);
        expect(context().parts.saved_search.status).toBe('loading');
      },
      ready: async (s, { step }) => {
        expect(s.queryByRole('dialog')).toBeNull();
        await expectSections(s);
        const notice = s.queryByRole('status', { name: 'Content notice' });
        if (step?.outcome === 'moreFailed') expect(notice).toHaveTextContent(`${FAILED.saved_search} ${NO_ANSWER}`);
        else expect(notice).toBeNull();
        // A copy put away leaves nothing kept.
        if (step?.event.type === 'copy.closed') expect(keptDraft()).toBeNull();
      },
      retrying: async (s) => {
        await expectSections(s);
        expect(context().parts[context().retrying!].status).toBe('loading');
      },
      loadingMore: (s) => {
        expect(section(s, 'saved_search').getByRole('button', { name: 'Loading…' })).toBeDisabled();
      },
      'settings.loading': (s) => {
        expect(s.getByRole('dialog', { name: 'Settings of Mornings' })).toHaveTextContent('Loading settings…');
      },
      'settings.shown': () => {
        const d = dialog();
        expect(d.getByLabelText('Dashboard settings')).toHaveTextContent(/LayoutGrid.*RefreshesEvery minute/);
        expect(d.getByRole('row', { name: 'Top news' })).toHaveTextContent('News streamTop newsNone');
        expect(d.getByRole('row', { name: 'My chips' })).toHaveTextContent('Watchlist quotesMy chipsChips');
      },
      'settings.failed': () => {
        expect(dialog().getByRole('alert')).toHaveTextContent(
          `The dashboard's settings could not be loaded. ${NO_ANSWER}`,
        );
        expect(dialog().getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      copying: (s) => {
        const copy = context().copy!;
        expect(s.getByRole('dialog', { name: 'Copy 1 saved search to users' })).toBeInTheDocument();
        expect(dialog().getByLabelText('Chosen items')).toHaveTextContent('Search 001');
        expect(dialog().getByLabelText('Users to copy to')).toHaveValue(copy.targets);
        expect(dialog().getByRole('radio', { name: CLASH_RESOLUTION_LABELS[copy.onClash] })).toBeChecked();
        // What the dialog holds is kept for a reload.
        expect(keptDraft()).toEqual({
          kind: 'saved_search',
          items: copy.items,
          targets: copy.targets,
          on_clash: copy.onClash,
        });
      },
    },
  };
}

function walk(title: string, plan: MachinePlan, features: string[], kept: boolean): void {
  describePaths(title, plan, {
    replay: async (path) => {
      await createWorld(features, kept);
      await replayPath(path, driver());
    },
  });
}

walk("userContent machine paths (a user's Content tab, real server)", userContentPlan, EDITOR, false);
walk('userContent machine paths from a copy kept across a reload (decision 042)', userContentDraftPlan, EDITOR, true);
walk('userContent machine paths for a reader who may not copy', userContentReaderPlan, READER, false);
