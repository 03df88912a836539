// Generated paths of Account Settings, replayed on the real view against the real server: 26
// accounts (Alpha Capital Partners with its group Desk A, 24 Zeta accounts, the staff's own), the
// list read (or not), searched for 'capital', paged forward and back, shown 50 a page; Alpha
// opened on the defaults or with settings stored (or not read); its dd limit set below the otd
// limit (the browser says so at the field and sends nothing) and above it, a query bit, its
// group and a template ticked; saved (stored, refused because the group went meanwhile, saved by
// someone else first — their change shown field by field, then reviewed or taken — or not sent),
// and put back on the defaults after the question (done, saved meanwhile, or not sent). The second
// walk opens on a form kept across a reload.
import { screen, within } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { ACCOUNT_MESSAGES, defaultAccountSettings } from '../../src/domain/account-settings';
import { FEATURE_KEYS } from '../../src/domain/features';
import { accountSettingsMachine } from '../../src/sections/account-settings/account-settings.machine';
import {
  accountSettingsDraftPlan,
  accountSettingsPlan,
  PLAN_DRAFT,
} from '../../src/sections/account-settings/account-settings.plan';
import type { AccountForm } from '../../src/sections/account-settings/account-settings.types';
import { AccountSearchSchema } from '../../src/sections/account-settings/account-settings.url';
import { writeDraft } from '../../src/services/drafts';
import { AccountSettingsCtx } from '../../src/sections/account-settings/account-settings-context';
import {
  accountDraftAddress,
  AccountSettingsDraftKeeper,
  AccountSettingsScope,
  AccountSettingsView,
  AccountUrlSync,
} from '../../src/sections/account-settings/account-settings-screen';
import type { PlannedStep } from '../../src/workflows/paths';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import * as v from 'valibot';

const API = '/api/as/';
const NO_ANSWER = 'Error: no response from the server';
const ALPHA = 'Alpha Capital Partners';
const DD = 'DD limit (documents a day)';
const KEY = 'product';

interface World extends SignedInWorld {
  staffId: number;
  accountId: number;
  groupId: number;
  actor: AnyActorRef | null;
  /** The URL the screen last wrote. */
  url: Record<string, string | number>;
}
let world: World;

async function createWorld(draft: AccountForm | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'keeper', features: FEATURE_KEYS });
  const now = Date.now();
  const alpha = Number(
    (
      await server.db
        .insertInto('organizations')
        .values({ name: ALPHA, salesforce_id: '001ALPHA', sf_acc_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  for (let i = 1; i <= 24; i++) {
    await server.db
      .insertInto('organizations')
      .values({
        name: `Zeta Account ${String(i).padStart(2, '0')}`,
        salesforce_id: null,
        sf_acc_id: null,
        created_at: now,
      })
      .execute();
  }
  const group = Number(
    (
      await server.db
        .insertInto('user_groups')
        .values({
          name: 'Desk A',
          kind: 'general',
          organization_id: alpha,
          created_at: now,
          updated_at: now,
          updated_by: 'x',
          version: 1,
          autoshare: 0,
          thesis: 0,
          collab: 0,
          sec_master: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await server.db
    .insertInto('settings_templates')
    .values({
      name: 'Standard',
      source: 'product_templates',
      settings: JSON.stringify(defaultAccountSettings(KEY, 'app')),
      created_by: 'x',
      updated_by: 'x',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const { actors, user } = await signIn('/account_settings');
  const staffId = Number(
    (await server.db.selectFrom('users').select('id').where('username', '=', 'keeper').executeTakeFirstOrThrow()).id,
  );
  world = {
    server,
    bridge,
    user,
    actors,
    staffId,
    accountId: alpha,
    groupId: group,
    actor: null,
    url: {},
  };
  sessionStorage.clear();
  if (draft) writeDraft(accountDraftAddress(staffId)!, { ...draft, accountId: alpha });
}

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  renderInConsole(
    world.actors,
    <AccountSettingsScope staff={world.staffId} search={v.parse(AccountSearchSchema, {})}>
      <ActorProbe hook={AccountSettingsCtx.useActorRef} keep={(ref) => (world.actor = ref)} />
      <AccountSettingsDraftKeeper staff={world.staffId} />
      <AccountUrlSync
        navigate={(next) => {
          world.url = next;
        }}
      />
      <AccountSettingsView />
    </AccountSettingsScope>,
  );
}

const form = () => (world.actor!.getSnapshot().context as { form: AccountForm | null }).form;
const position = () =>
  (world.actor!.getSnapshot().context as { position: { q: string; page: number; pageSize: number } }).position;
const storedRow = () =>
  world.server.db
    .selectFrom('account_settings')
    .selectAll()
    .where('account_id', '=', world.accountId)
    .executeTakeFirst();
const alertDialog = () => screen.getByRole('alertdialog');

/** Stores Alpha's settings as someone else saved them: otd 30, one version on. */
async function saveAsSomeoneElse(): Promise<void> {
  const row = await storedRow();
  const d = defaultAccountSettings(KEY, 'app');
  const settings = JSON.stringify({ ...d.account_settings, otd_limit: 30 });
  if (row) {
    await world.server.db
      .updateTable('account_settings')
      .set({ settings, version: row.version + 1, updated_by: 'someone' })
      .where('account_id', '=', world.accountId)
      .execute();
  } else {
    await world.server.db
      .insertInto('account_settings')
      .values({
        account_id: world.accountId,
        settings,
        level_flags: JSON.stringify(d.account_level_flags),
        groups: '[]',
        template_id: null,
        created_by: 'someone',
        updated_by: 'someone',
        created_at: 1,
        updated_at: 1,
        version: 1,
      })
      .execute();
  }
}

async function ensureStored(): Promise<void> {
  if (await storedRow()) return;
  const d = defaultAccountSettings(KEY, 'app');
  await world.server.db
    .insertInto('account_settings')
    .values({
      account_id: world.accountId,
      settings: JSON.stringify(d.account_settings),
      level_flags: JSON.stringify(d.account_level_flags),
      groups: '[]',
      template_id: null,
      created_by: 'admin',
      updated_by: 'admin',
      created_at: 1,
      updated_at: 1,
      version: 1,
    })
    .execute();
}

async function typeInto(label: string, value: string): Promise<void> {
  const field = screen.getByLabelText(label);
  await world.user.clear(field);
  if (value) await world.user.type(field, value);
}

function notSaved(step: PlannedStep | undefined): string | null {
  switch (step?.outcome) {
    case 'saveFailed':
      return `The settings were not saved. ${NO_ANSWER}`;
    case 'saveRefused':
      return 'Nothing was saved: correct the fields marked below.';
    default:
      return null;
  }
}

const online = async () => world.bridge.setOffline(false);
const offline = async () => world.bridge.setOffline(true, [API]);

function driver(): Driver<World> {
  return {
    machine: accountSettingsMachine,
    bridge: world.bridge,
    world,
    calls: { listAccounts: API, readAccount: API, saveSettings: API, resetSettings: API },
    mount: async () => mount(),
    actor: () => world.actor!,
    perform: {
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'search.submit': async ({ step }) => {
        await typeInto('Account name', String(step.event['q']));
        await world.user.click(screen.getByRole('button', { name: 'Search' }));
      },
      'page.next': async () => world.user.click(screen.getByRole('button', { name: 'Next' })),
      'page.prev': async () => world.user.click(screen.getByRole('button', { name: 'Previous' })),
      'page.size': async ({ step }) =>
        world.user.click(screen.getByRole('radio', { name: `${String(step.event['size'])} a page` })),
      'account.open': async () => world.user.click(screen.getByRole('button', { name: `Open ${ALPHA}` })),
      'account.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'account.close': async () => world.user.click(screen.getByRole('button', { name: 'Back to the accounts' })),
      'form.value': async ({ step }) => typeInto(DD, String(step.event['value'])),
      'form.queryBit': async () => world.user.click(screen.getByRole('checkbox', { name: 'Multi term' })),
      'form.group': async () => {
        const box = screen.getByRole('checkbox', { name: 'Desk A' });
        if (box.getAttribute('aria-checked') !== 'true') await world.user.click(box);
        else world.actor!.send({ type: 'form.group', id: world.groupId, on: true });
      },
      'form.template': async () => {
        await world.user.click(screen.getByRole('combobox', { name: 'Template' }));
        await world.user.click(await screen.findByRole('option', { name: 'Standard' }));
      },
      'form.submit': async () => world.user.click(screen.getByRole('button', { name: 'Save' })),
      'conflict.review': async () =>
        world.user.click(screen.getByRole('button', { name: 'Review their version with my changes' })),
      'conflict.cancel': async () => world.user.click(screen.getByRole('button', { name: 'Take their version' })),
      'defaults.ask': async () => world.user.click(screen.getByRole('button', { name: 'Back to the defaults' })),
      'defaults.confirm': async () =>
        world.user.click(within(alertDialog()).getByRole('button', { name: 'Remove the saved settings' })),
      'defaults.cancel': async () => world.user.click(within(alertDialog()).getByRole('button', { name: 'Cancel' })),
    },
    arrange: {
      listFailed: offline,
      readFailed: offline,
      saveFailed: offline,
      resetFailed: offline,
      readDefaults: async () => {
        await world.server.db.deleteFrom('account_settings').where('account_id', '=', world.accountId).execute();
      },
      readStored: ensureStored,
      savedMeanwhile: saveAsSomeoneElse,
      resetMeanwhile: saveAsSomeoneElse,
      // The group the form names is gone by the time the save arrives.
      saveRefused: async () => {
        await world.server.db.deleteFrom('user_groups').where('id', '=', world.groupId).execute();
      },
    },
    afterOutcome: {
      listFailed: online,
      readFailed: online,
      saveFailed: online,
      resetFailed: online,
      saveRefused: async () => {
        const now = Date.now();
        await world.server.db
          .insertInto('user_groups')
          .values({
            id: world.groupId,
            name: 'Desk A',
            kind: 'general',
            organization_id: world.accountId,
            created_at: now,
            updated_at: now,
            updated_by: 'x',
            version: 1,
            autoshare: 0,
            thesis: 0,
            collab: 0,
            sec_master: 0,
          })
          .execute();
      },
    },
    expectations: {
      listing: (s, { step }) => {
        expect(s.queryByRole('form')).toBeNull();
        if (!step) expect(s.getByRole('status', { name: 'Loading accounts' })).toHaveTextContent('Loading accounts…');
        else expect(s.getByRole('button', { name: 'Search' })).toBeDisabled();
      },
      listFailed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The accounts could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      listed: (s) => {
        const p = position();
        const table = s.getByRole('table', { name: 'Accounts' });
        const rows = within(table).getAllByRole('row').slice(1);
        const found = s.getByRole('status', { name: 'Accounts found' });
        expect(world.url['account']).toBeUndefined();
        if (p.q === 'capital') {
          expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([ALPHA]);
          expect(found).toHaveTextContent(`1 account matching 'capital'; page 1.`);
          expect(world.url).toMatchObject({ q: 'capital' });
        } else if (p.pageSize === 50) {
          expect(rows).toHaveLength(26);
          expect(found).toHaveTextContent('26 accounts; page 1.');
        } else if (p.page === 2) {
          expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
            'Zeta Account 19',
            'Zeta Account 20',
            'Zeta Account 21',
            'Zeta Account 22',
            'Zeta Account 23',
            'Zeta Account 24',
          ]);
          expect(found).toHaveTextContent('26 accounts; page 2.');
          expect(s.getByRole('button', { name: 'Next' })).toBeDisabled();
          expect(s.getByRole('button', { name: 'Previous' })).toBeEnabled();
          expect(world.url).toMatchObject({ page: 2 });
        } else {
          expect(rows).toHaveLength(20);
          expect(rows[0]).toHaveAccessibleName(ALPHA);
          expect(rows[1]).toHaveAccessibleName('Staff Console Staff');
          expect(found).toHaveTextContent('26 accounts; page 1.');
          expect(s.getByRole('button', { name: 'Next' })).toBeEnabled();
          expect(s.getByRole('button', { name: 'Previous' })).toBeDisabled();
        }
      },
      'account.reading': (s) => {
        expect(s.getByRole('status', { name: 'Reading the account' })).toHaveTextContent('Reading the account…');
        expect(s.getByRole('button', { name: 'Back to the accounts' })).toBeDisabled();
      },
      'account.readFailed': (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The account could not be read. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      'account.editing': async (s, { step }) => {
        const f = form()!;
        expect(s.getByRole('heading', { name: `Account Settings: ${ALPHA}` })).toBeVisible();
        expect(world.url).toMatchObject({ account: world.accountId });
        // Every group of the form, in words.
        for (const g of [
          'Limits',
          'Features',
          'Screens and notebook',
          'Editor',
          'Query bits',
          'Other flags',
          'Data team flags',
          'Groups of this account',
          'Template it follows',
        ]) {
          expect(s.getByRole('group', { name: g })).toBeInTheDocument();
        }
        expect(s.getByRole('group', { name: 'Limits' })).toHaveTextContent(
          'The DD limit must be greater than the OTD limit; the export hits limit is at most 2,000.',
        );
        // Alpha (made here, not seeded) holds no SKU; the template link shows once it follows one (the staff opens every section).
        expect(within(s.getByRole('group', { name: 'SKUs it holds' })).getByText('Holds no SKU.')).toBeVisible();
        const templateLink = within(s.getByRole('group', { name: 'Template it follows' })).queryByRole('link', {
          name: 'Open in Template Settings',
        });
        if (f.base.templateId === null) expect(templateLink).toBeNull();
        else expect(templateLink).toHaveAttribute('href', '/template_settings');
        expect(
          within(s.getByRole('group', { name: 'Query bits' }))
            .getAllByRole('checkbox')
            .map((c) => c.getAttribute('aria-label')),
        ).toEqual(['Query timeout change', 'Unary not span', 'Multi term', 'Multi term span']);
        expect(within(s.getByRole('radiogroup', { name: 'Editor version' })).getAllByRole('radio')).toHaveLength(3);
        expect(s.getByLabelText(DD)).toHaveValue(String(f.values['account_settings.dd_limit']));
        expect(s.getByRole('button', { name: 'Save' })).toBeEnabled();
        const saved = s.getByLabelText('Saved state');
        if (f.version === 0) {
          expect(saved).toHaveTextContent(
            'Nothing is saved for this account: it runs on the default settings shown here.',
          );
          expect(s.queryByRole('button', { name: 'Back to the defaults' })).toBeNull();
        } else {
          expect(saved).toHaveTextContent(/^Saved by \w+/);
          expect(s.getByRole('button', { name: 'Back to the defaults' })).toBeEnabled();
        }
        // The dd rule at its field, before anything is sent.
        const dd = s.getByLabelText(DD);
        if (f.values['account_settings.dd_limit'] === '10') {
          expect(dd).toHaveAttribute('aria-invalid', 'true');
          expect(
            s.getByText(ACCOUNT_MESSAGES.ddAboveOtd(Number(f.values['account_settings.otd_limit']))),
          ).toBeVisible();
        } else {
          expect(dd).not.toHaveAttribute('aria-invalid');
        }
        if (step?.event.type === 'form.submit' && f.values['account_settings.dd_limit'] === '10') {
          expect(s.getByRole('alert', { name: 'Not saved' })).toHaveTextContent(
            'Nothing was saved: correct the fields marked below.',
          );
        }
        if (step?.outcome === 'saved') {
          expect(s.getByRole('status', { name: 'Account settings notice' })).toHaveTextContent(
            `Settings of ${ALPHA} saved.`,
          );
          expect(Number((await storedRow())!.version)).toBe(f.version);
        } else if (step?.outcome === 'reset') {
          expect(s.getByRole('status', { name: 'Account settings notice' })).toHaveTextContent(
            `${ALPHA} is back on the default settings.`,
          );
          expect(await storedRow()).toBeUndefined();
        }
        const alert = notSaved(step);
        if (alert) expect(s.getByRole('alert', { name: 'Not saved' })).toHaveTextContent(alert);
        if (step?.outcome === 'saveRefused')
          expect(s.getByRole('alert', { name: 'Groups problem' })).toHaveTextContent(
            `Not a group of this account: ${world.groupId}.`,
          );
        if (step?.event.type === 'conflict.cancel') expect(f.values['account_settings.otd_limit']).toBe('30');
        if (step?.event.type === 'conflict.review')
          expect(s.queryByRole('alert', { name: 'Saved by someone else' })).toBeNull();
      },
      'account.saving': (s) => {
        expect(s.getByRole('button', { name: 'Back to the accounts' })).toBeDisabled();
        expect(s.getByLabelText(DD)).toBeDisabled();
      },
      'account.conflict': async (s) => {
        const panel = s.getByRole('alert', { name: 'Saved by someone else' });
        expect(panel).toHaveTextContent('since you opened it');
        expect(panel).toHaveTextContent('Nothing of yours was saved.');
        const row = within(within(panel).getByRole('table', { name: 'What they changed' })).getByRole('row', {
          name: 'OTD limit (documents a day)',
        });
        expect(row).toHaveTextContent(/^OTD limit \(documents a day\)\d+30/);
        expect(s.getByRole('button', { name: 'Back to the accounts' })).toBeDisabled();
        expect(Number((await storedRow())!.version)).toBeGreaterThan(form()!.version);
      },
      'account.confirmDefaults': (s, { step }) => {
        expect(within(alertDialog()).getByRole('heading', { name: 'Back to the default settings?' })).toBeVisible();
        expect(alertDialog()).toHaveTextContent(`The settings saved for ${ALPHA} will be removed`);
        if (step?.outcome === 'resetFailed')
          expect(within(alertDialog()).getByRole('alert')).toHaveTextContent(
            `The settings were not put back on the defaults. ${NO_ANSWER}`,
          );
        else expect(within(alertDialog()).queryByRole('alert')).toBeNull();
      },
      'account.resetting': () => {
        expect(within(alertDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
    },
  };
}

describePaths('accountSettings machine paths (Account Settings, real server)', accountSettingsPlan, {
  before: () => createWorld(null),
  driver,
});

describePaths(
  'accountSettings machine paths from a form kept across a reload (decision 042)',
  accountSettingsDraftPlan,
  { before: () => createWorld(PLAN_DRAFT), driver },
);
