// Generated paths of the Broker Research Control Panel, replayed on the real view against the real
// server: the product's and Refinitiv's flags read with the submissions waiting (or not: 'Unable
// to fetch Broker Research Flags status', Retry); a flag of each changed; the product's saved
// (said, stored, who saved shown), saved first by someone else (said, with what is stored now and
// which flags they changed; saving again replaces theirs), not sent, or put back; Refinitiv's put
// back. The second walk opens on changed flags kept across a reload. Beside them: the link to
// User Submission filtered to New, and a refusal naming a flag shown at its switch.
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import {
  DEFAULT_RESEARCH_FLAGS,
  RESEARCH_FLAG_KEYS,
  RESEARCH_FLAG_LABELS,
  type ResearchFlagKey,
  type ResearchFlags,
} from '../../src/domain/broker-research';
import { researchFlagsMachine } from '../../src/sections/broker-research/control-panel/control-panel.machine';
import {
  PLAN_DISTS,
  PLAN_DRAFT,
  researchFlagsDraftPlan,
  researchFlagsPlan,
} from '../../src/sections/broker-research/control-panel/control-panel.plan';
import { checkFlagsDraft } from '../../src/sections/broker-research/control-panel/control-panel.draft';
import type {
  FlagsDraft,
  ResearchFlagsContext,
} from '../../src/sections/broker-research/control-panel/control-panel.types';
import { fetchFlags } from '../../src/sections/broker-research/control-panel/control-panel.service';
import { http, toFormData } from '../../src/services/http';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { ConsoleContext } from '../../src/ui/console-context';
import {
  ControlPanelView,
  flagsDraftAddress,
  flagsText,
  ResearchFlagsDraftKeeper,
  ResearchFlagsScope,
} from '../../src/sections/broker-research/control-panel/control-panel-view';
import { ResearchFlagsCtx } from '../../src/sections/broker-research/control-panel/control-panel-context';
import { TabSearchContext, type TabSearch } from '../../src/sections/broker-research/tab-search';
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
import { timeText } from '../../src/domain/format';

const CALLS = '/api/researchreports/';
const FLAGS = '/api/researchreports/brflags/';
const NO_ANSWER = 'Error: no response from the server';
const DISTS = PLAN_DISTS.map((d) => d.dist);

interface World extends SignedInWorld {
  staffId: number;
  opened: { tab: string; params?: Record<string, string> }[];
  panel: AnyActorRef | null;
}
let world: World;

async function createWorld(draft: FlagsDraft | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'flagkeeper',
    features: ['admin_panel_access', 'br_research'],
    otherFeatures: ['tri_submittor'],
  });
  await server.createStaff({ username: 'colleague', features: ['admin_panel_access', 'br_research'] });
  const id = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'flagkeeper').executeTakeFirstOrThrow()
  ).id;
  // Three submissions wait, one is published.
  const now = Date.now();
  await server.db
    .insertInto('research_submissions')
    .values(
      ['Copper outlook', 'Rates in 2027', 'Chip cycle', 'Old news'].map((title, i) => ({
        user_id: id,
        broker_id: null,
        title,
        summary: '',
        tickers: '',
        file_name: 'n.pdf',
        file_size: 1,
        status: i === 3 ? ('published' as const) : ('new' as const),
        reason: null,
        submitted_at: now - i * 60_000,
        reviewed_by: null,
        reviewed_at: null,
      })),
    )
    .execute();
  const { actors, user } = await signIn('/broker_research');
  world = { server, bridge, user, actors, staffId: id, opened: [], panel: null };
  sessionStorage.clear();
  if (draft) writeDraft(flagsDraftAddress(world.staffId, DISTS)!, draft);
}

afterEach(() => closeSignedInWorld(world));

const tabSearch = (): TabSearch => ({
  tab: 'control_panel',
  params: {},
  setParams: () => {},
  openTab: (tab, params) => world.opened.push({ tab, params }),
});

function mount(): void {
  renderInConsole(
    world.actors,
    <TabSearchContext.Provider value={tabSearch()}>
      <ResearchFlagsScope staff={world.staffId} dists={PLAN_DISTS}>
        <ActorProbe hook={ResearchFlagsCtx.useActorRef} keep={(ref) => (world.panel = ref)} />
        <ResearchFlagsDraftKeeper staff={world.staffId} dists={DISTS} />
        <ControlPanelView />
      </ResearchFlagsScope>
    </TabSearchContext.Provider>,
  );
}

const context = () => world.panel!.getSnapshot().context as ResearchFlagsContext;
const setOf = (dist: string) => context().sets.find((s) => s.dist === dist)!;
const labelOf = (dist: string) => PLAN_DISTS.find((d) => d.dist === dist)!.label;
const form = (s: typeof screen, dist: string) => s.getByRole('form', { name: `${labelOf(dist)} research flags` });
const flagSwitch = (s: typeof screen, dist: string, key: ResearchFlagKey) =>
  within(form(s, dist)).getByRole('switch', { name: RESEARCH_FLAG_LABELS[key].label });
async function storedRow(dist: string) {
  return world.server.db.selectFrom('research_flags').selectAll().where('dist', '=', dist).executeTakeFirst();
}
async function storedFlags(dist: string): Promise<ResearchFlags> {
  const row = await storedRow(dist);
  return row ? (JSON.parse(row.flags) as ResearchFlags) : DEFAULT_RESEARCH_FLAGS;
}

/** Every switch shows `flags`, each with its meaning. */
function expectSwitches(s: typeof screen, dist: string, flags: ResearchFlags): void {
  for (const k of RESEARCH_FLAG_KEYS) {
    const control = flagSwitch(s, dist, k);
    expect(control).toHaveAttribute('aria-checked', String(flags[k]));
    expect(control).toHaveAccessibleDescription(expect.stringContaining(RESEARCH_FLAG_LABELS[k].meaning));
  }
}

async function expectLastSaved(s: typeof screen, dist: string): Promise<void> {
  const row = await storedRow(dist);
  expect(s.getByLabelText(`${labelOf(dist)} last saved`)).toHaveTextContent(
    row
      ? `Last saved by ${row.updated_by!} at ${timeText(Number(row.updated_at))}.`
      : 'Not saved by anyone yet: these are the defaults.',
  );
}

const online = async () => world.bridge.setOffline(false);

function driver(): Driver<World> {
  return {
    machine: researchFlagsMachine,
    bridge: world.bridge,
    world,
    calls: { loadPanel: CALLS, saveFlags: FLAGS },
    mount: async () => mount(),
    actor: () => world.panel!,
    perform: {
      'flags.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'flag.toggle': async ({ step }) =>
        world.user.click(flagSwitch(screen, String(step.event['dist']), step.event['key'] as ResearchFlagKey)),
      'flags.save': async ({ step }) =>
        world.user.click(within(form(screen, String(step.event['dist']))).getByRole('button', { name: 'Save' })),
      'flags.discard': async ({ step }) =>
        world.user.click(
          within(form(screen, String(step.event['dist']))).getByRole('button', { name: 'Discard changes' }),
        ),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [FLAGS]),
      saveFailed: async () => world.bridge.setOffline(true, [FLAGS]),
      // A colleague saves the product's flags first: Send requests to brokers turned over, from the version this form was read at.
      savedMeanwhile: async () => {
        const set = setOf('product');
        const res = await world.server.db
          .selectFrom('research_flags')
          .select('version')
          .where('dist', '=', 'product')
          .executeTakeFirst();
        const theirs = { ...set.stored.flags, send_to_broker: !set.stored.flags.send_to_broker };
        if (res) {
          await world.server.db
            .updateTable('research_flags')
            .set({
              flags: JSON.stringify(theirs),
              version: res.version + 1,
              updated_by: 'colleague',
              updated_at: Date.now(),
            })
            .where('dist', '=', 'product')
            .execute();
        } else {
          await world.server.db
            .insertInto('research_flags')
            .values({
              dist: 'product',
              flags: JSON.stringify(theirs),
              version: 1,
              updated_by: 'colleague',
              updated_at: Date.now(),
            })
            .execute();
        }
      },
    },
    afterOutcome: { loadFailed: online, saveFailed: online },
    expectations: {
      loading: (s, { step }) => {
        if (!step)
          expect(s.getByRole('status', { name: 'Loading the research flags' })).toHaveTextContent(
            'Loading the research flags…',
          );
        expect(s.queryByRole('button', { name: 'Save' })).toBeNull();
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`Unable to fetch Broker Research Flags status. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('form')).toBeNull();
      },
      editing: async (s, { step }) => {
        expect(s.getByLabelText('New submissions')).toHaveTextContent('3 new submissions wait for review.');
        expect(
          within(s.getByRole('list', { name: 'Newest submissions' }))
            .getAllByRole('listitem')
            .map((li) => li.textContent?.split(' — ')[0]),
        ).toEqual(['Copper outlook', 'Rates in 2027', 'Chip cycle']);
        for (const dist of DISTS) {
          const set = setOf(dist);
          expectSwitches(s, dist, set.form);
          await expectLastSaved(s, dist);
          const changed = JSON.stringify(set.form) !== JSON.stringify(set.base);
          expect(within(form(s, dist)).getByRole('button', { name: 'Save' })).toHaveProperty(
            'disabled',
            !(changed || set.conflict !== null),
          );
          if (!changed && set.conflict === null && step?.event.type !== 'xstate.done.actor.saveFlags')
            expect(set.form).toEqual(await storedFlags(dist));
        }
        const notice = s.queryByRole('status', { name: 'Product notice' });
        switch (step?.outcome) {
          case 'saved':
            expect(notice).toHaveTextContent('Research flags of Product saved.');
            expect(await storedFlags('product')).toEqual(setOf('product').form);
            expect(s.getByLabelText('Product last saved')).toHaveTextContent('Last saved by flagkeeper at');
            break;
          case 'savedMeanwhile': {
            expect(notice).toHaveTextContent(/^The research flags were not saved\.$/);
            expect(s.getByRole('alert', { name: 'Product saved by someone else' })).toHaveTextContent(
              `colleague saved the research flags of Product after you opened them; nothing of yours was saved. Now stored: ${flagsText(await storedFlags('product'))}. ` +
                'They changed Send requests to brokers. Save again to replace it with yours, or Discard changes to keep theirs.',
            );
            expect(s.getByLabelText('Product last saved')).toHaveTextContent('Last saved by colleague at');
            break;
          }
          case 'saveFailed':
            expect(notice).toHaveTextContent(`The research flags were not saved. ${NO_ANSWER}`);
            break;
          default:
            if (step?.outcome === 'loaded') expect(s.queryByRole('status', { name: /notice$/ })).toBeNull();
            // A change or a put-back clears that set's notice (another set's stays).
            if (step?.event.type === 'flag.toggle' || step?.event.type === 'flags.discard') {
              expect(s.queryByRole('status', { name: `${labelOf(String(step.event['dist']))} notice` })).toBeNull();
            }
        }
        if (step?.event.type === 'flags.discard') {
          const dist = String(step.event['dist']);
          expect(setOf(dist).form).toEqual(await storedFlags(dist));
          expect(s.queryByRole('alert', { name: `${labelOf(dist)} saved by someone else` })).toBeNull();
        }
        // Changed sets are kept for a reload, unchanged ones are not.
        const kept = readDraft(flagsDraftAddress(world.staffId, DISTS)!, checkFlagsDraft);
        for (const dist of DISTS) {
          const set = setOf(dist);
          const changed = JSON.stringify(set.form) !== JSON.stringify(set.base);
          expect(kept?.[dist]?.flags ?? null).toEqual(changed ? set.form : null);
        }
      },
      saving: (s) => {
        expect(within(form(s, 'product')).getByRole('button', { name: 'Saving…' })).toBeDisabled();
        expect(flagSwitch(s, 'product', 'research_enabled')).toBeDisabled();
        expect(flagSwitch(s, 'tri', 'research_enabled')).toBeDisabled();
      },
    },
  };
}

describePaths('researchFlags machine paths (Control Panel, real server)', researchFlagsPlan, {
  before: () => createWorld(null),
  driver,
});

describe('researchFlags machine paths from flags kept across a reload (decision 042)', () => {
  beforeEach(() => createWorld(PLAN_DRAFT));
  itPaths(researchFlagsDraftPlan, { driver });

  it('shows the kept flags, not what is stored', async () => {
    mount();
    expect(await screen.findByRole('form', { name: 'Product research flags' })).toBeInTheDocument();
    expect(flagSwitch(screen, 'product', 'mifid_enforced')).toHaveAttribute(
      'aria-checked',
      String(!DEFAULT_RESEARCH_FLAGS.mifid_enforced),
    );
    expect(within(form(screen, 'product')).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(form(screen, 'tri')).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('beside the walk', () => {
  beforeEach(() => createWorld(null));

  it('links the count of new submissions to User Submission filtered to New', async () => {
    mount();
    await world.user.click(await screen.findByRole('link', { name: 'Review new submissions' }));
    expect(world.opened).toEqual([{ tab: 'user_submission', params: { status: 'new' } }]);
  });

  it('shows the server’s refusal at the flag it names, until that flag changes', async () => {
    // A client that sends what the form never would: the real server's refusal, read by the real machine and view.
    const garbling = researchFlagsMachine.provide({
      actors: {
        loadPanel: fromPromise(async ({ input }) => ({
          replies: await Promise.all(input.dists.map((d) => fetchFlags(d))),
          waiting: { count: 0, latest: [] },
        })),
        saveFlags: fromPromise(
          ({ input }) =>
            http('/api/researchreports/brflags/', {
              method: 'PUT',
              body: toFormData({
                dist: input.dist,
                flags: JSON.stringify({ ...input.flags, notify_users: 'yes' }),
                version: String(input.version),
              }),
            }) as never,
        ),
      },
    });
    render(
      <Theme>
        <ConsoleContext.Provider value={{ ...world.actors, config: DEFAULT_APP_CONFIG }}>
          <TabSearchContext.Provider value={tabSearch()}>
            <ResearchFlagsCtx.Provider logic={garbling} options={{ input: { dists: PLAN_DISTS, draft: null } }}>
              <ControlPanelView />
            </ResearchFlagsCtx.Provider>
          </TabSearchContext.Provider>
        </ConsoleContext.Provider>
      </Theme>,
    );
    expect(await screen.findByLabelText('New submissions')).toHaveTextContent('No new submissions wait for review.');
    await world.user.click(flagSwitch(screen, 'product', 'requests_open'));
    await world.user.click(within(form(screen, 'product')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Product notice' })).toHaveTextContent(
      'The research flags were not saved. Notify users must be on or off.',
    );
    const notify = flagSwitch(screen, 'product', 'notify_users');
    expect(notify).toHaveAttribute('aria-invalid', 'true');
    expect(notify).toHaveAccessibleDescription(expect.stringContaining('Notify users must be on or off.'));
    expect(await storedRow('product')).toBeUndefined();
    await world.user.click(notify);
    expect(flagSwitch(screen, 'product', 'notify_users')).not.toHaveAttribute('aria-invalid');
  });
});
