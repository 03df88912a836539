// Generated paths of Broker Domain Mappings, replayed on the real view against the real server:
// 56 mappings (two pages by domain; research.apex.com, naming Apex Securities, first, with two
// users at it) read or not, searched, paged; a mapping added or edited with a broker found by name
// and saved (saved; the domain names Apex Capital already, said at the field; a colleague changed
// or removed it first; not sent) or closed (a changed form asks first); research.apex.com removed
// after a confirmation (removed; changed by a colleague first; not sent); the users it recognises
// shown beside the list (or not, then again) and closed. The second walk opens on
// a changed add form kept across a reload.
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import {
  DOMAIN_MAPPING_BROKERS_PATH,
  DOMAIN_MAPPING_PATH,
  DOMAIN_MAPPING_USERS_PATH,
  DOMAIN_MAPPINGS_PAGE,
} from '../../src/domain/broker-research-domain-mappings';
import { FEATURE_KEYS } from '../../src/domain/features';
import { checkDomainDraft } from '../../src/sections/broker-research/domain-mappings/domain-mappings.draft';
import {
  domainMappingsMachine,
  formChanged,
} from '../../src/sections/broker-research/domain-mappings/domain-mappings.machine';
import {
  domainMappingsDraftPlan,
  domainMappingsPlan,
  PLAN_DOMAIN,
  PLAN_DRAFT,
  PLAN_SEARCH,
} from '../../src/sections/broker-research/domain-mappings/domain-mappings.plan';
import type {
  DomainDraft,
  DomainMappingsContext,
} from '../../src/sections/broker-research/domain-mappings/domain-mappings.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { DomainMappingsCtx } from '../../src/sections/broker-research/domain-mappings/domain-mappings-context';
import {
  domainDraftAddress,
  DomainMappingsDraftKeeper,
  DomainMappingsScope,
  DomainMappingsUrl,
} from '../../src/sections/broker-research/domain-mappings/domain-mappings-scope';
import { DomainMappingsView } from '../../src/sections/broker-research/domain-mappings/domain-mappings-view';
import type { TabParams } from '../../src/sections/broker-research/tab-search';
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
import { userRow } from '../support/factories';

const NO_ANSWER = 'Error: no response from the server';
const FILLERS = 55;

interface World extends SignedInWorld {
  staffId: number;
  brokers: Record<string, number>;
  /** The tab's URL parameters as the view last set them. */
  url: TabParams;
  /** The form kept before the page was loaded. */
  draft: DomainDraft | null;
  editor: AnyActorRef | null;
}
let world: World;

async function createWorld(draft: DomainDraft | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'keeper', features: FEATURE_KEYS });
  const now = Date.now();
  const brokers: Record<string, number> = {};
  for (const name of ['Apex Securities', 'Apex Capital', 'Bluewater Partners', 'Zephyr Markets']) {
    brokers[name] = Number(
      (
        await server.db
          .insertInto('brokers')
          .values({
            name,
            open_access: 0,
            group_id: null,
            created_at: now,
            legal_name: null,
            short_name: null,
            mifid_updated_at: null,
            mifid_updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const mapping = (domain: string, broker: string) => ({
    domain,
    broker_id: brokers[broker]!,
    created_by: 'admin',
    updated_by: 'admin',
    created_at: now,
    updated_at: now,
    version: 1,
  });
  await server.db
    .insertInto('broker_domains')
    .values([
      mapping('research.apex.com', 'Apex Securities'),
      ...Array.from({ length: FILLERS }, (_, i) =>
        mapping(`zz-filler-${String(i + 1).padStart(2, '0')}.example.com`, 'Zephyr Markets'),
      ),
    ])
    .execute();
  for (const name of ['ann', 'bob']) {
    await server.db
      .insertInto('users')
      .values(
        userRow({
          username: name,
          email: `${name}@research.apex.com`,
          first_name: name,
          last_name: 'Analyst',
          user_type: 'client',
          product_configuration: 'x_basic',
          created_at: now,
        }),
      )
      .execute();
  }
  const { actors, user } = await signIn('/broker_research?tab=domain_mappings');
  const staffId = Number(
    (await server.db.selectFrom('users').select('id').where('username', '=', 'keeper').executeTakeFirstOrThrow()).id,
  );
  world = { server, bridge, user, actors, staffId, brokers, url: {}, draft, editor: null };
  sessionStorage.clear();
  if (draft) writeDraft(domainDraftAddress(staffId)!, draft);
}

afterEach(() => closeSignedInWorld(world));

/** The tab's URL parameters, held here as the Broker Research screen holds them in the URL. */
function UrlOfTab() {
  const [params, setParams] = useState<TabParams>({});
  world.url = params;
  return <DomainMappingsUrl search={{ params, setParams: (next) => setParams(next) }} />;
}

function mount(): void {
  renderInConsole(
    world.actors,
    <DomainMappingsScope staff={world.staffId} params={{}}>
      <ActorProbe hook={DomainMappingsCtx.useActorRef} keep={(ref) => (world.editor = ref)} />
      <UrlOfTab />
      <DomainMappingsDraftKeeper staff={world.staffId} />
      <DomainMappingsView />
    </DomainMappingsScope>,
  );
}

const context = () => world.editor!.getSnapshot().context as DomainMappingsContext;
const db = () => world.server.db;
const row = (domain: string) =>
  db().selectFrom('broker_domains').selectAll().where('domain', '=', domain).executeTakeFirst();
const online = async () => world.bridge.setOffline(false);

/** The page of domains the list should show for the machine's query, read from the database. */
async function expectedDomains(): Promise<string[]> {
  const { q, cursor } = context().query;
  const rows = await db()
    .selectFrom('broker_domains')
    .innerJoin('brokers', 'brokers.id', 'broker_domains.broker_id')
    .select(['domain', 'brokers.name'])
    .execute();
  return rows
    .filter((r) => !q || r.domain.startsWith(q.toLowerCase()) || r.name.toLowerCase().startsWith(q.toLowerCase()))
    .map((r) => r.domain)
    .sort()
    .filter((d) => d > cursor)
    .slice(0, DOMAIN_MAPPINGS_PAGE);
}

function notice(s: typeof screen) {
  return s.queryByRole('status', { name: 'Domain mappings notice' });
}

/** A changed open form is kept for a reload, nothing else is; before the list is read a kept one stays as it was. */
function expectKeptDraft(initial: DomainDraft | null = null): void {
  const kept = readDraft(domainDraftAddress(world.staffId)!, checkDomainDraft);
  const c = context();
  if (!c.loaded) {
    expect(kept).toEqual(initial);
    return;
  }
  if (c.form && formChanged(c.form) && world.editor!.getSnapshot().matches('form')) expect(kept).toEqual(c.form);
  else expect(kept).toBeNull();
}

function driver(): Driver<World> {
  const form = () => screen.getByRole('form', { name: /^(Add a broker domain mapping|Edit the mapping of .*)$/ });
  return {
    machine: domainMappingsMachine,
    bridge: world.bridge,
    world,
    calls: {
      loadPage: DOMAIN_MAPPING_PATH,
      findBrokers: DOMAIN_MAPPING_BROKERS_PATH,
      saveMapping: DOMAIN_MAPPING_PATH,
      removeMapping: DOMAIN_MAPPING_PATH,
      loadUsers: DOMAIN_MAPPING_USERS_PATH,
    },
    mount: async () => mount(),
    actor: () => world.editor!,
    perform: {
      'query.set': async () => {
        const box = screen.getByLabelText('Domain or broker name starts with');
        await world.user.clear(box);
        await world.user.type(box, PLAN_SEARCH);
        await world.user.click(screen.getByRole('button', { name: 'Search' }));
      },
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'page.next': async () => world.user.click(screen.getByRole('button', { name: 'Next' })),
      'page.previous': async () => world.user.click(screen.getByRole('button', { name: 'Previous' })),
      'add.open': async () => world.user.click(screen.getByRole('button', { name: 'Add a mapping' })),
      'edit.open': async () => world.user.click(screen.getByRole('button', { name: 'Edit research.apex.com' })),
      'remove.open': async () => world.user.click(screen.getByRole('button', { name: 'Remove research.apex.com' })),
      'remove.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })),
      'remove.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'form.domain': async () => {
        const field = within(form()).getByLabelText('Domain');
        await world.user.clear(field);
        await world.user.type(field, PLAN_DOMAIN);
      },
      'broker.find': async () => {
        const field = within(form()).getByLabelText('Broker');
        await world.user.clear(field);
        await world.user.type(field, 'blue');
        await world.user.click(within(form()).getByRole('button', { name: 'Find' }));
      },
      'broker.choose': async () =>
        world.user.click(
          within(screen.getByRole('group', { name: 'Brokers found' })).getByRole('button', {
            name: 'Bluewater Partners',
          }),
        ),
      'form.save': async () => world.user.click(within(form()).getByRole('button', { name: 'Save' })),
      'form.cancel': async () => world.user.click(within(form()).getByRole('button', { name: 'Cancel' })),
      'leave.confirm': async () => world.user.click(screen.getByRole('button', { name: 'Discard changes' })),
      'leave.stay': async () => world.user.click(screen.getByRole('button', { name: 'Keep editing' })),
      'users.open': async () => world.user.click(screen.getByRole('button', { name: 'Users at research.apex.com' })),
      'users.retry': async () =>
        world.user.click(
          within(screen.getByRole('region', { name: 'Users at research.apex.com' })).getByRole('button', {
            name: 'Retry',
          }),
        ),
      'users.close': async () =>
        world.user.click(
          within(screen.getByRole('region', { name: 'Users at research.apex.com' })).getByRole('button', {
            name: 'Close',
          }),
        ),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [DOMAIN_MAPPING_PATH]),
      findFailed: async () => world.bridge.setOffline(true, [DOMAIN_MAPPING_BROKERS_PATH]),
      saveFailed: async () => world.bridge.setOffline(true, [DOMAIN_MAPPING_PATH]),
      removeFailed: async () => world.bridge.setOffline(true, [DOMAIN_MAPPING_PATH]),
      usersFailed: async () => world.bridge.setOffline(true, [DOMAIN_MAPPING_USERS_PATH]),
      // The domain typed already names Apex Capital.
      refusedAtField: async () => {
        const now = Date.now();
        await db()
          .insertInto('broker_domains')
          .values({
            domain: PLAN_DOMAIN,
            broker_id: world.brokers['Apex Capital']!,
            created_by: 'colleague',
            updated_by: 'colleague',
            created_at: now,
            updated_at: now,
            version: 1,
          })
          .execute();
      },
      // A colleague moves the mapping to Apex Capital after it was opened.
      savedMeanwhile: async () => {
        await db()
          .updateTable('broker_domains')
          .set((eb) => ({
            broker_id: world.brokers['Apex Capital']!,
            updated_by: 'colleague',
            updated_at: Date.now(),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', context().form!.id!)
          .execute();
      },
      removedMeanwhile: async () => {
        await db().deleteFrom('broker_domains').where('id', '=', context().form!.id!).execute();
      },
      removeStale: async () => {
        await db()
          .updateTable('broker_domains')
          .set((eb) => ({ updated_by: 'colleague', updated_at: Date.now(), version: eb('version', '+', 1) }))
          .where('domain', '=', 'research.apex.com')
          .execute();
      },
    },
    afterOutcome: {
      loadFailed: online,
      findFailed: online,
      saveFailed: online,
      removeFailed: online,
      usersFailed: online,
    },
    expectations: {
      loading: async (s, { step }) => {
        expect(s.getByRole('status', { name: 'Loading the broker domain mappings' })).toHaveTextContent(
          'Loading the broker domain mappings…',
        );
        expect(s.getByRole('button', { name: 'Add a mapping' })).toBeDisabled();
        switch (step?.outcome) {
          case 'saved': {
            const c = context();
            const saved = await row(PLAN_DOMAIN);
            expect(saved).toBeDefined();
            const broker = (
              await db()
                .selectFrom('brokers')
                .select('name')
                .where('id', '=', saved!.broker_id)
                .executeTakeFirstOrThrow()
            ).name;
            expect(notice(s)).toHaveTextContent(
              saved!.version === 1 ? `${PLAN_DOMAIN} now names ${broker}.` : `Saved: ${PLAN_DOMAIN} names ${broker}.`,
            );
            expect(saved!.updated_by).toBe('keeper');
            expect(c.form).toBeNull();
            expect(s.queryByRole('form')).toBeNull();
            break;
          }
          case 'removedMeanwhile':
            expect(notice(s)).toHaveTextContent('This mapping is no longer there: someone else removed it.');
            expect(s.queryByRole('form')).toBeNull();
            break;
          case 'removed':
            expect(notice(s)).toHaveTextContent('research.apex.com no longer names a broker.');
            expect(await row('research.apex.com')).toBeUndefined();
            break;
          case 'removeStale':
            expect(notice(s)).toHaveTextContent(
              'colleague changed this mapping after you opened it; it was not removed.',
            );
            expect(await row('research.apex.com')).toBeDefined();
            break;
          default:
        }
        expectKeptDraft(step ? null : world.draft);
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The broker domain mappings could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('table')).toBeNull();
      },
      browsing: async (s, { step }) => {
        const c = context();
        const table = s.getByRole('table', { name: 'Broker domain mappings' });
        const shown = within(table)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent);
        expect(shown).toEqual(await expectedDomains());
        // What the row of research.apex.com says: its broker, the users at it, the last change.
        if (shown.includes('research.apex.com')) {
          const r = (await row('research.apex.com'))!;
          const line = within(table).getByRole('row', { name: 'research.apex.com' });
          expect(line).toHaveTextContent(
            `research.apex.comApex Securities2 users${r.updated_by}, ${timeText(Number(r.updated_at))}`,
          );
        }
        expect(s.getByRole('button', { name: 'Add a mapping' })).toBeEnabled();
        // The URL holds the query: a reload or a link shows this page.
        expect(world.url).toEqual(Object.fromEntries(Object.entries(c.query).filter(([, v]) => v !== '')));
        const next = s.queryByRole('button', { name: 'Next' });
        if (c.next) expect(next).toBeEnabled();
        else if (next) expect(next).toBeDisabled();
        if (c.query.cursor) expect(s.getByRole('button', { name: 'Previous' })).toBeEnabled();
        if (step?.outcome === 'loaded') expect(notice(s)).toBeNull();
        if (step?.event.type === 'leave.confirm' || step?.event.type === 'form.cancel') {
          expect(s.queryByRole('form')).toBeNull();
          expect(await row(PLAN_DOMAIN)).toBeUndefined();
          expect((await row('research.apex.com'))?.version).toBe(1);
        }
        expectKeptDraft();
      },
      'form.editing': async (s, { step }) => {
        const c = context();
        const f = c.form!;
        const el = s.getByRole('form', {
          name: f.mode === 'add' ? 'Add a broker domain mapping' : `Edit the mapping of ${f.base.domain}`,
        });
        expect(within(el).getByLabelText('Domain')).toHaveValue(f.values.domain);
        expect(within(el).getByLabelText('Chosen broker')).toHaveTextContent(
          f.values.broker ? `Chosen: ${f.values.broker.name}` : 'No broker chosen yet.',
        );
        const savable =
          (formChanged(f) || c.conflict !== null) && f.values.domain.trim() !== '' && f.values.broker !== null;
        expect(within(el).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', !savable);
        switch (step?.outcome) {
          case 'refusedAtField': {
            const domain = within(el).getByLabelText('Domain');
            expect(domain).toHaveAttribute('aria-invalid', 'true');
            expect(domain).toHaveAccessibleDescription(`${PLAN_DOMAIN} already names Apex Capital.`);
            // A refusal is said in its own words, not as something that went wrong.
            expect(notice(s)).toHaveTextContent(`${PLAN_DOMAIN} already names Apex Capital.`);
            expect(notice(s)).not.toHaveTextContent('Something went wrong');
            break;
          }
          case 'savedMeanwhile':
            expect(within(el).getByRole('alert', { name: 'Changed by someone else' })).toHaveTextContent(
              'colleague changed this mapping after you opened it; nothing of yours was saved. Now stored: research.apex.com names Apex Capital. Save again to replace it with yours, or Cancel to keep theirs.',
            );
            expect(notice(s)).toHaveTextContent(/^Something went wrong\.$/);
            expect(within(el).getByRole('button', { name: 'Save' })).toBeEnabled();
            break;
          case 'saveFailed':
            expect(notice(s)).toHaveTextContent(`Something went wrong. ${NO_ANSWER}`);
            break;
          case 'brokersFound':
            expect(
              within(within(el).getByRole('group', { name: 'Brokers found' }))
                .getAllByRole('button')
                .map((b) => b.textContent),
            ).toEqual(['Bluewater Partners']);
            break;
          case 'findFailed':
            expect(within(el).getByLabelText('Broker')).toHaveAccessibleDescription(
              `The brokers could not be searched. ${NO_ANSWER}`,
            );
            break;
          default:
        }
        expectKeptDraft();
      },
      'form.finding': (s) => {
        expect(within(s.getByRole('form')).getByRole('button', { name: 'Finding…' })).toBeDisabled();
      },
      'form.leaving': (s) => {
        expect(s.getByRole('alert', { name: 'Discard the changes?' })).toHaveTextContent(
          'Discard your changes to this mapping?',
        );
        expect(s.getByRole('button', { name: 'Keep editing' })).toBeEnabled();
        expect(within(s.getByRole('form')).queryByRole('button', { name: 'Save' })).toBeNull();
      },
      'form.saving': (s) => {
        expect(within(s.getByRole('form')).getByRole('button', { name: 'Saving…' })).toBeDisabled();
        expect(within(s.getByRole('form')).getByLabelText('Domain')).toBeDisabled();
      },
      confirmingRemove: (s, { step }) => {
        const dialog = s.getByRole('alertdialog', { name: 'Remove this mapping?' });
        expect(dialog).toHaveTextContent(
          'research.apex.com will no longer name Apex Securities: the 2 users with an email there are no longer recognised as its staff.',
        );
        expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
        if (step?.outcome === 'removeFailed')
          expect(within(dialog).getByRole('status', { name: 'Domain mappings notice' })).toHaveTextContent(
            `Something went wrong. ${NO_ANSWER}`,
          );
      },
      'recognised.loading': (s) => {
        const panel = s.getByRole('region', { name: 'Users at research.apex.com' });
        expect(within(panel).getByRole('status', { name: 'Loading the users' })).toHaveTextContent(
          'Loading the users…',
        );
        expect(s.getByRole('button', { name: 'Add a mapping' })).toBeDisabled();
      },
      'recognised.shown': async (s) => {
        const panel = s.getByRole('region', { name: 'Users at research.apex.com' });
        expect(panel).toHaveTextContent('Users recognised as Apex Securities staff');
        const users = await db()
          .selectFrom('users')
          .select(['first_name', 'last_name', 'username', 'email'])
          .where('email', 'like', '%@research.apex.com')
          .where('deleted', '=', 0)
          .orderBy('id')
          .execute();
        const rows = within(within(panel).getByRole('table', { name: 'Users at research.apex.com' }))
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent);
        expect(rows).toEqual(users.map((u) => `${u.first_name} ${u.last_name}${u.username}${u.email}Active`));
        expect(rows).toHaveLength(2);
      },
      'recognised.failed': (s) => {
        const panel = s.getByRole('region', { name: 'Users at research.apex.com' });
        expect(within(panel).getByRole('alert')).toHaveTextContent(`The users could not be loaded. ${NO_ANSWER}`);
        expect(within(panel).getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      removing: (s) => {
        expect(within(s.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })).toBeDisabled();
      },
    },
  };
}

describePaths('domainMappings machine paths (Broker Domain Mappings, real server)', domainMappingsPlan, {
  before: () => createWorld(null),
  driver,
});

describe('domainMappings machine paths from a form kept across a reload (decision 042)', () => {
  beforeEach(() => createWorld(PLAN_DRAFT));
  itPaths(domainMappingsDraftPlan, { driver });

  it('shows the kept form, not an empty one', async () => {
    mount();
    const form = await screen.findByRole('form', { name: 'Add a broker domain mapping' });
    expect(within(form).getByLabelText('Domain')).toHaveValue(PLAN_DOMAIN);
    expect(within(form).getByLabelText('Chosen broker')).toHaveTextContent('Chosen: Bluewater Partners');
  });
});
