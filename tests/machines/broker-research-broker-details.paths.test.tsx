// Generated paths of Broker Details, replayed on the real view against the real server: broker 1
// (Apex Securities, one sales contact, carried by Refinitiv) read from the URL, or not; the URL
// dropping it, the picker searching (found, or not) and opening Beacon Markets; the MiFID II status
// set (saved, with who and when; changed first by a colleague: said, the record as stored now); a
// sales contact added (saved; its email taken: refused at Email; changed first; not sent); Beacon
// Markets found and linked (saved; linked already: refused at the broker field); Refinitiv no longer
// carrying it (saved); every form closed unsaved; the contact removed after the question (removed;
// changed first; not sent) or kept. The second walk opens on a contact form kept across a reload.
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { MIFID_LABELS } from '../../src/domain/broker-research';
import {
  brokerDetailsMachine,
  formReady,
} from '../../src/sections/broker-research/broker-details/broker-details.machine';
import {
  brokerDetailsDraftPlan,
  brokerDetailsPickerPlan,
  brokerDetailsPlan,
  PLAN_CONTACT,
  PLAN_DRAFT,
  PLAN_NEW_CONTACT,
  PLAN_OTHER,
} from '../../src/sections/broker-research/broker-details/broker-details.plan';
import { checkDetailsDraft } from '../../src/sections/broker-research/broker-details/broker-details.draft';
import type {
  BrokerDetailsContext,
  DetailsDraft,
} from '../../src/sections/broker-research/broker-details/broker-details.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { BrokerDetailsCtx } from '../../src/sections/broker-research/broker-details/broker-details-context';
import {
  BrokerDetailsDraftKeeper,
  BrokerDetailsScope,
  BrokerDetailsUrl,
  detailsDraftAddress,
} from '../../src/sections/broker-research/broker-details/broker-details-scope';
import { BrokerDetailsView } from '../../src/sections/broker-research/broker-details/broker-details-view';
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
import { timeText } from '../../src/domain/format';

const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  staffId: number;
  opened: { tab: string; params?: TabParams }[];
  details: AnyActorRef | null;
  /** The URL's parameters the tab opens with. */
  params: TabParams;
}
let world: World;

async function createWorld(draft: DetailsDraft | null, params: TabParams = { broker: '1' }): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'detailer',
    features: ['admin_panel_access', 'br_research'],
  });
  const now = Date.now();
  for (const [name, legal] of [
    ['Apex Securities', 'Apex Securities LLC'],
    ['Beacon Markets', 'Beacon Markets Ltd'],
    ['Cedar Research', null],
  ] as const) {
    await server.db
      .insertInto('brokers')
      .values({
        name,
        legal_name: legal,
        short_name: name.split(' ')[0]!,
        open_access: 0,
        group_id: null,
        created_at: now,
        mifid_updated_at: null,
        mifid_updated_by: null,
      })
      .execute();
  }
  await server.db
    .insertInto('broker_sales_contacts')
    .values({
      broker_id: 1,
      name: PLAN_CONTACT.name,
      email: PLAN_CONTACT.email,
      phone: '+1 212 555 0101',
      region: 'EMEA',
      created_at: now,
    })
    .execute();
  await server.db
    .insertInto('broker_distributors')
    .values([
      { broker_id: 1, dist: 'product', code: 'PRO-000001', active: 1, since: now },
      { broker_id: 1, dist: 'tri', code: 'TR1', active: 1, since: now },
    ])
    .execute();
  const id = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'detailer').executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('research_requests')
    .values({
      user_id: id,
      broker_id: 1,
      organization_id: null,
      status: 'new',
      note: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const { actors, user } = await signIn('/broker_research');
  world = { server, bridge, user, actors, staffId: id, opened: [], details: null, params };
  sessionStorage.clear();
  if (draft) writeDraft(detailsDraftAddress(world.staffId)!, draft);
}

afterEach(() => closeSignedInWorld(world));

/** The tab with its URL parameters, as the Broker Research screen gives them. */
function Tab() {
  const [params, setParams] = useState<TabParams>(world.params);
  return (
    <TabSearchContext.Provider
      value={{
        tab: 'broker_details',
        params,
        setParams: (next) => setParams(next),
        openTab: (tab, p) => world.opened.push({ tab, params: p }),
      }}
    >
      <BrokerDetailsScope staff={world.staffId} params={params}>
        <ActorProbe hook={BrokerDetailsCtx.useActorRef} keep={(ref) => (world.details = ref)} />
        <BrokerDetailsUrl params={params} />
        <BrokerDetailsDraftKeeper staff={world.staffId} />
        <BrokerDetailsView />
      </BrokerDetailsScope>
    </TabSearchContext.Provider>
  );
}

function mount(): void {
  renderInConsole(world.actors, <Tab />);
}

const context = () => world.details!.getSnapshot().context as BrokerDetailsContext;
const kind = () => context().form?.values.kind ?? null;
const FORM_NAMES = {
  contact: 'Sales contact',
  mifid: 'MiFID II status',
  link: 'Link a broker',
  distributor: 'Distributor info at Refinitiv',
} as const;
const openForm = (s: typeof screen) => s.getByRole('form', { name: FORM_NAMES[kind()!] });
const saveButton = (s: typeof screen) =>
  within(openForm(s)).getByRole('button', { name: /^(Save|Saving…|Add contact|Save contact|Link)$/ });

const brokerRow = (id: number) =>
  world.server.db.selectFrom('brokers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const contactsOf = (id: number) =>
  world.server.db
    .selectFrom('broker_sales_contacts')
    .select(['name', 'email'])
    .where('broker_id', '=', id)
    .orderBy('name')
    .execute();
const linksOf = () => world.server.db.selectFrom('broker_links').select(['broker_id', 'linked_broker_id']).execute();

/** The record on screen is the one stored. */
async function expectRecord(s: typeof screen): Promise<void> {
  const id = context().broker!;
  const row = await brokerRow(id);
  expect(s.getByRole('heading', { level: 3, name: row.name })).toBeInTheDocument();
  expect(s.getByLabelText('MiFID II')).toHaveTextContent(
    `${MIFID_LABELS[row.mifid_status]} ${row.mifid_updated_at === null ? 'Never set.' : `Set by ${row.mifid_updated_by!} at ${timeText(Number(row.mifid_updated_at))}.`}`,
  );
  const contacts = await contactsOf(id);
  if (contacts.length === 0)
    expect(s.getByRole('region', { name: 'Sales contacts' })).toHaveTextContent('No sales contact yet.');
  else
    expect(
      within(within(s.getByRole('region', { name: 'Sales contacts' })).getByRole('table'))
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(contacts.map((c) => c.name));
  const links = (await linksOf()).filter((l) => l.broker_id === id || l.linked_broker_id === id);
  if (links.length === 0)
    expect(s.getByRole('region', { name: 'Linked brokers' })).toHaveTextContent('Not linked to another broker.');
  else
    expect(
      within(s.getByRole('list', { name: 'Linked brokers of the broker' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([PLAN_OTHER.name]);
  if (id === 1)
    expect(s.getByLabelText('Open requests')).toHaveTextContent('1 new and 0 sent requests. Show its new requests');
}

const online = async () => world.bridge.setOffline(false);
const notice = (s: typeof screen) => s.queryByRole('status', { name: 'Broker notice' });

function driver(): Driver<World> {
  return {
    machine: brokerDetailsMachine,
    bridge: world.bridge,
    world,
    calls: { loadDetails: '/api/broker/details/', findBrokers: '/api/broker/list/', changeBroker: '/api/broker/' },
    mount: async () => mount(),
    actor: () => world.details!,
    perform: {
      'broker.close': async () => world.user.click(screen.getByRole('link', { name: 'Find another broker' })),
      'broker.open': async () =>
        world.user.click(
          within(screen.getByRole('list', { name: 'Brokers found' })).getByRole('link', { name: PLAN_OTHER.name }),
        ),
      'details.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'search.find': async ({ step }) => {
        const text = String(step.event['text']);
        if (kind() === 'link') {
          await world.user.type(screen.getByLabelText('Broker to link'), text);
          await world.user.click(screen.getByRole('button', { name: 'Find' }));
        } else {
          await world.user.type(screen.getByLabelText('Broker name'), text);
          await world.user.click(screen.getByRole('button', { name: 'Search' }));
        }
      },
      'form.open': async ({ step }) => {
        const k = (step.event['values'] as { kind: keyof typeof FORM_NAMES }).kind;
        const label = {
          contact: 'Add sales contact',
          mifid: 'Change MiFID II status',
          link: 'Link a broker',
          distributor: 'Edit Refinitiv',
        }[k];
        await world.user.click(screen.getByRole('button', { name: label }));
      },
      'form.field': async ({ step }) => {
        const field = String(step.event['field']);
        if (field === 'mifid_status')
          return world.user.click(
            screen.getByRole('radio', { name: MIFID_LABELS[step.event['value'] as 'compliant'] }),
          );
        const input = screen.getByLabelText(field === 'name' ? 'Name' : 'Email');
        await world.user.clear(input);
        await world.user.type(input, String(step.event['value']));
      },
      'form.active': async () => world.user.click(within(openForm(screen)).getByRole('switch')),
      'link.choose': async () =>
        world.user.click(
          within(screen.getByRole('group', { name: 'Brokers to link' })).getByRole('button', { name: PLAN_OTHER.name }),
        ),
      'form.save': async () => world.user.click(saveButton(screen)),
      'form.cancel': async () => world.user.click(within(openForm(screen)).getByRole('button', { name: 'Cancel' })),
      'remove.open': async () => world.user.click(screen.getByRole('button', { name: `Remove ${PLAN_CONTACT.name}` })),
      'remove.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })),
      'remove.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, ['/api/broker/details/']),
      findFailed: async () => world.bridge.setOffline(true, ['/api/broker/list/']),
      changeFailed: async () => world.bridge.setOffline(true, ['/api/broker/']),
      // A colleague changes broker 1 after this person read it.
      savedMeanwhile: async () => {
        const row = await brokerRow(1);
        await world.server.db
          .updateTable('brokers')
          .set({ version: row.version + 1, updated_by: 'colleague', updated_at: Date.now() })
          .where('id', '=', 1)
          .execute();
      },
      // What the server refuses: the new contact's email taken meanwhile, or the pair linked meanwhile.
      refused: async () => {
        if (kind() === 'link')
          await world.server.db
            .insertInto('broker_links')
            .values({ broker_id: 1, linked_broker_id: 2, created_by: 'colleague', created_at: Date.now() })
            .execute();
        else
          await world.server.db
            .insertInto('broker_sales_contacts')
            .values({ broker_id: 1, name: 'Someone', email: PLAN_NEW_CONTACT.email, created_at: Date.now() })
            .execute();
      },
    },
    afterOutcome: { loadFailed: online, findFailed: online, changeFailed: online },
    expectations: {
      choosing: (s, { step }) => {
        expect(s.getByRole('search', { name: 'Find a broker' })).toBeInTheDocument();
        expect(s.queryByRole('region', { name: 'Sales contacts' })).toBeNull();
        if (step?.outcome === 'found')
          expect(
            within(s.getByRole('list', { name: 'Brokers found' }))
              .getAllByRole('link')
              .map((l) => l.textContent),
          ).toEqual([PLAN_OTHER.name]);
        if (step?.outcome === 'findFailed')
          expect(notice(s)).toHaveTextContent(`The brokers could not be searched. ${NO_ANSWER}`);
      },
      finding: (s) => {
        expect(s.getByRole('button', { name: 'Searching…' })).toBeDisabled();
      },
      loading: (s) => {
        expect(s.getByRole('status', { name: 'Loading the broker' })).toHaveTextContent('Loading the broker…');
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The broker could not be loaded. ${NO_ANSWER}`);
        expect(s.queryByRole('region', { name: 'Sales contacts' })).toBeNull();
      },
      viewing: async (s, { step }) => {
        await expectRecord(s);
        expect(s.queryByRole('form')).toBeNull();
        const row = await brokerRow(1);
        if (step?.outcome === 'saved') {
          const said = {
            'contact.remove': 'Sales contact removed.',
            mifid: 'MiFID II status saved.',
            contact: 'Sales contact added.',
            link: 'Brokers linked.',
            distributor: 'Distributor info saved.',
          };
          expect(Object.values(said)).toContain(notice(s)?.textContent);
          expect(row.updated_by).toBe('detailer');
          expect(readDraft(detailsDraftAddress(world.staffId)!, checkDetailsDraft)).toBeNull();
          if (notice(s)?.textContent === 'MiFID II status saved.') expect(row.mifid_status).toBe('compliant');
          if (notice(s)?.textContent === 'Distributor info saved.') {
            expect(
              within(within(s.getByRole('region', { name: 'Distributors' })).getByRole('table')).getByRole('row', {
                name: /Refinitiv/,
              }),
            ).toHaveTextContent('Not carried');
          }
          if (notice(s)?.textContent === 'Brokers linked.')
            expect(await linksOf()).toEqual([{ broker_id: 1, linked_broker_id: 2 }]);
        }
        if (step?.outcome === 'savedMeanwhile') {
          expect(s.getByRole('alert', { name: 'Changed by someone else' })).toHaveTextContent(
            /^colleague changed Apex Securities at .+ after you opened it; nothing of yours was saved\./,
          );
          expect(await contactsOf(1)).toEqual([{ name: PLAN_CONTACT.name, email: PLAN_CONTACT.email }]);
        }
        if (step?.event.type === 'form.cancel' || step?.event.type === 'remove.cancel') {
          expect(notice(s)).toBeNull();
          expect(row.version).toBe(1);
        }
      },
      editing: async (s, { step }) => {
        const c = context();
        const form = openForm(s);
        expect(saveButton(s)).toHaveProperty('disabled', !formReady(c.form));
        const values = c.form!.values;
        if (values.kind === 'contact') {
          expect(within(form).getByLabelText('Name')).toHaveValue(values.name);
          expect(within(form).getByLabelText('Email')).toHaveValue(values.email);
        }
        if (values.kind === 'mifid')
          expect(within(form).getByRole('radio', { name: MIFID_LABELS[values.mifid_status] })).toBeChecked();
        if (values.kind === 'link') {
          expect(s.getByLabelText('Broker chosen')).toHaveTextContent(
            values.linked ? `Link to ${values.linked.name}.` : 'Find a broker and choose it.',
          );
          if (step?.outcome === 'found')
            expect(
              within(s.getByRole('group', { name: 'Brokers to link' }))
                .getAllByRole('button')
                .map((b) => b.textContent),
            ).toEqual([PLAN_OTHER.name]);
        }
        switch (step?.outcome) {
          case 'refused':
            if (values.kind === 'link') {
              expect(s.getByLabelText('Broker to link')).toHaveAccessibleDescription(
                'These brokers are linked already.',
              );
              expect(notice(s)).toHaveTextContent(/^These brokers are linked already\.$/);
            } else {
              expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(
                'This broker has a sales contact with this email already.',
              );
              expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
            }
            break;
          case 'savedMeanwhile':
            expect(s.getByRole('alert', { name: 'Changed by someone else' })).toHaveTextContent(
              /^colleague changed Apex Securities at .+ after you opened it; nothing of yours was saved\. The record below is as stored now; save again to apply yours\.$/,
            );
            expect(notice(s)).toHaveTextContent(/^Something went wrong\.$/);
            expect(saveButton(s)).toBeEnabled();
            break;
          case 'changeFailed':
            expect(notice(s)).toHaveTextContent(`Something went wrong. ${NO_ANSWER}`);
            break;
          case 'findFailed':
            expect(notice(s)).toHaveTextContent(`The brokers could not be searched. ${NO_ANSWER}`);
            break;
          default:
        }
        // A changed form is kept for a reload, an unchanged one is not.
        const kept = readDraft(detailsDraftAddress(world.staffId)!, checkDetailsDraft);
        if (JSON.stringify(values) !== JSON.stringify(c.form!.base)) expect(kept?.values).toEqual(values);
        else expect(kept).toBeNull();
      },
      searching: (s) => {
        expect(s.getByRole('button', { name: 'Searching…' })).toBeDisabled();
      },
      saving: (s) => {
        expect(saveButton(s)).toHaveTextContent('Saving…');
      },
      confirming: (s, { step }) => {
        const dialog = s.getByRole('alertdialog');
        expect(within(dialog).getByRole('heading', { name: `Remove ${PLAN_CONTACT.name}?` })).toBeInTheDocument();
        expect(dialog).toHaveTextContent(`${PLAN_CONTACT.name} will no longer be a sales contact of Apex Securities.`);
        if (step?.outcome === 'changeFailed')
          expect(within(dialog).getByRole('status', { name: 'Broker notice' })).toHaveTextContent(
            `Something went wrong. ${NO_ANSWER}`,
          );
      },
      removing: (s) => {
        expect(within(s.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })).toBeDisabled();
      },
    },
  };
}

describePaths('brokerDetails machine paths (Broker Details, real server)', brokerDetailsPlan, {
  before: () => createWorld(null),
  driver,
});

describePaths('brokerDetails machine paths from a form kept across a reload (decision 042)', brokerDetailsDraftPlan, {
  before: () => createWorld(PLAN_DRAFT),
  driver,
});

describePaths('brokerDetails machine paths opened without a broker: the picker', brokerDetailsPickerPlan, {
  before: () => createWorld(null, {}),
  driver,
});

describe('the entitlements of the broker', () => {
  beforeEach(() => createWorld(null));
  it('link to FulFillments of the broker and to its new Requests', async () => {
    mount();
    await world.user.click(await screen.findByRole('link', { name: 'Show its fulfillments' }));
    await world.user.click(screen.getByRole('link', { name: 'Show its new requests' }));
    expect(world.opened).toEqual([
      { tab: 'fulfillments', params: { broker: '1' } },
      { tab: 'requests', params: { broker: '1', status: 'new' } },
    ]);
  });
});
