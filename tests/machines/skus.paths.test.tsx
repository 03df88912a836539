// Generated paths of SKU Configuration, replayed on the real view against the real server
// in-process: PRO (Professional: Product Research, Product Data, OTD limit 150; held by
// Northwind Capital and 25 more accounts), BASIC (active) and LEGACY (retired). The SKUs read or
// not, searched and filtered; PRO changed or a SKU created (saved, refused at its code, changed by
// someone else first, not sent) with the §5 data plan rules and settings added, set and removed;
// PRO retired after a question (done, changed meanwhile, not sent); its holders read a page at a
// time and Northwind taken off; PRO assigned to Harbour Lights after a preview (fits; refused by
// the DD/OTD rule; not read), then applied (done; the account changed meanwhile; PRO retired
// meanwhile; not sent). The second walk opens on a form kept across a reload.
import { act, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { defaultAccountSettings } from '../../src/domain/account-settings';
import { FEATURE_KEYS } from '../../src/domain/features';
import { skuEditorMachine } from '../../src/sections/skus/skus.machine';
import { PLAN_DRAFT, skuEditorDraftPlan, skuEditorPlan } from '../../src/sections/skus/skus.plan';
import type { SkuForm } from '../../src/sections/skus/skus.types';
import { writeDraft } from '../../src/services/drafts';
import { SkusCtx } from '../../src/sections/skus/skus-context';
import { skuDraftAddress, SkusScreen } from '../../src/sections/skus/skus-screen';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { flush, type Driver } from '../support/replay';

const LIST = '/api/sku/';
const STATUS = '/api/sku/status/';
const HOLDERS = '/api/sku/holders/';
const UNASSIGN = '/api/sku/unassign/';
const PREVIEW = '/api/sku/assign/preview/';
const ASSIGN = '/api/sku/assign/';
const NO_ANSWER = 'Error: no response from the server';
const OTD = 'OTD limit (documents a day)';

interface World extends SignedInWorld {
  staffId: number;
  proId: number;
  northwindId: number;
  harbourId: number;
  actor: AnyActorRef | null;
}
let world: World;

async function createWorld(draft: SkuForm | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'sku-desk',
    features: FEATURE_KEYS,
    fakeTimers: true,
  });
  const now = Date.now();
  const org = async (name: string) =>
    Number(
      (
        await server.db
          .insertInto('organizations')
          .values({ name, salesforce_id: null, sf_acc_id: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const northwindId = await org('Northwind Capital');
  const harbourId = await org('Harbour Lights');
  const sku = async (code: string, name: string, status: string, settings: Record<string, unknown>, plan: string[]) =>
    Number(
      (
        await server.db
          .insertInto('skus')
          .values({
            code,
            name,
            description: '',
            product_configuration: 'product_res',
            data_plan: JSON.stringify(plan),
            settings: JSON.stringify(settings),
            level_flags: '{}',
            status,
            created_by: 'sku-desk',
            updated_by: 'sku-desk',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const proId = await sku('PRO', 'Professional', 'active', { otd_limit: 150 }, ['product_data']);
  await sku('BASIC', 'Basic terminal', 'active', {}, []);
  await sku('LEGACY', 'Legacy bundle', 'retired', { export_hits_limit: 100 }, ['rns']);
  const holders = [northwindId];
  for (let i = 1; i <= 25; i++) holders.push(await org(`Holder ${String(i).padStart(2, '0')}`));
  await server.db
    .insertInto('account_skus')
    .values(holders.map((account_id) => ({ account_id, sku_id: proId, assigned_by: 'sku-desk', assigned_at: now })))
    .execute();
  const { actors, user } = await signIn('/sku_configuration');
  const staffRow = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'sku-desk')
    .executeTakeFirstOrThrow();
  sessionStorage.clear();
  world = {
    server,
    bridge,
    user,
    actors,
    staffId: staffRow.id,
    proId,
    northwindId,
    harbourId,
    actor: null,
  };
  if (draft) writeDraft(skuDraftAddress(world.staffId)!, draft);
}

afterEach(async () => {
  await closeSignedInWorld(world);
  sessionStorage.clear();
  vi.useRealTimers();
});

function mount(): Promise<void> {
  renderInConsole(
    world.actors,
    <SkusScreen probe={<ActorProbe hook={SkusCtx.useActorRef} keep={(ref) => (world.actor = ref)} />} />,
  );
  return Promise.resolve();
}

const dialog = () => screen.getByRole('dialog');
const alertDialog = () => screen.getByRole('alertdialog');
const inDialog = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
const ctx = () =>
  world.actor!.getSnapshot().context as { form: SkuForm | null; planNotices: string[]; holdersTotal: number };
const proRow = () =>
  world.server.db.selectFrom('skus').selectAll().where('id', '=', world.proId).executeTakeFirstOrThrow();
const holderCount = async () =>
  (await world.server.db.selectFrom('account_skus').select('account_id').where('sku_id', '=', world.proId).execute())
    .length;

async function typeInto(label: string, value: string): Promise<void> {
  const field = within(dialog()).getByRole('textbox', { name: label });
  await world.user.clear(field);
  if (value) await world.user.type(field, value);
}

async function choose(combobox: string, option: string | RegExp): Promise<void> {
  await world.user.click(within(dialog()).getByRole('combobox', { name: combobox }));
  await world.user.click(await screen.findByRole('option', { name: option }));
}

async function ensureSetting(label: string): Promise<void> {
  if (!within(dialog()).queryByRole('group', { name: label })) await choose('Add a setting', label);
}

async function pickHarbour(): Promise<void> {
  const field = within(dialog()).getByRole('combobox', { name: 'Organization' });
  await world.user.clear(field);
  await world.user.type(field, 'Harb');
  await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
  for (let i = 0; i < 200 && !screen.queryByRole('option', { name: /Harbour Lights/ }); i++) await flush();
  await world.user.click(screen.getByRole('option', { name: /Harbour Lights/ }));
}

/** Harbour Lights' saved settings: the defaults with this DD limit, from the version after the stored one. */
async function harbourWithDd(dd: number): Promise<void> {
  const d = defaultAccountSettings('product', 'app');
  const row = await world.server.db
    .selectFrom('account_settings')
    .select('version')
    .where('account_id', '=', world.harbourId)
    .executeTakeFirst();
  await world.server.db.deleteFrom('account_settings').where('account_id', '=', world.harbourId).execute();
  const now = Date.now();
  await world.server.db
    .insertInto('account_settings')
    .values({
      account_id: world.harbourId,
      settings: JSON.stringify({ ...d.account_settings, dd_limit: dd }),
      level_flags: JSON.stringify(d.account_level_flags),
      created_by: 'someone',
      updated_by: 'someone',
      created_at: now,
      updated_at: now,
      version: (row?.version ?? 0) + 1,
    })
    .execute();
}

const online = async () => world.bridge.setOffline(false);

function driver(): Driver<World> {
  return {
    machine: skuEditorMachine,
    bridge: world.bridge,
    world,
    calls: {
      loadSkus: LIST,
      saveSku: LIST,
      changeStatus: STATUS,
      loadHolders: HOLDERS,
      unassignSku: UNASSIGN,
      previewAssignment: PREVIEW,
      assignSku: ASSIGN,
    },
    mount,
    actor: () => world.actor!,
    perform: {
      'skus.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'list.search': async ({ step }) => {
        await world.user.clear(screen.getByLabelText('Search SKUs'));
        await world.user.type(screen.getByLabelText('Search SKUs'), String(step.event['value']));
      },
      'list.status': async () => {
        await world.user.click(screen.getByRole('combobox', { name: 'Status' }));
        await world.user.click(await screen.findByRole('option', { name: 'Retired' }));
      },
      'sku.new': async () => world.user.click(screen.getByRole('button', { name: 'New SKU' })),
      'sku.edit': async () => world.user.click(screen.getByRole('button', { name: 'Edit PRO' })),
      'form.code': async ({ step }) => typeInto('Code', String(step.event['value'])),
      'form.name': async ({ step }) => typeInto('Name', String(step.event['value'])),
      'form.description': async ({ step }) => typeInto('Description', String(step.event['value'])),
      'form.configuration': async () => choose('Product configuration', 'Product Research Professional'),
      'form.planItem': async () =>
        world.user.click(within(dialog()).getByRole('checkbox', { name: 'Shareholder data' })),
      'form.addSetting': async () => choose('Add a setting', 'Excel plug-in'),
      'form.setting': async () => {
        // A setting is added before it can be set.
        await ensureSetting(OTD);
        await typeInto(OTD, '30');
      },
      'form.removeSetting': async () => {
        await ensureSetting(OTD);
        await world.user.click(within(dialog()).getByRole('button', { name: `Remove ${OTD}` }));
      },
      'form.submit': async ({ next }) => {
        if (next?.outcome === 'codeTaken') await typeInto('Code', 'basic');
        else if ((within(dialog()).getByLabelText('Code') as HTMLInputElement).value.trim() === '')
          await typeInto('Code', 'PRO-PLUS');
        if ((within(dialog()).getByLabelText('Name') as HTMLInputElement).value.trim() === '')
          await typeInto('Name', 'Professional plus');
        await world.user.click(inDialog('Save'));
      },
      'form.cancel': async () => world.user.click(inDialog('Cancel')),
      'sku.status': async () => world.user.click(screen.getByRole('button', { name: /^(Retire|Reactivate) PRO$/ })),
      'status.confirm': async () =>
        world.user.click(within(alertDialog()).getByRole('button', { name: /^(Retire|Reactivate)$/ })),
      'status.cancel': async () => world.user.click(within(alertDialog()).getByRole('button', { name: 'Cancel' })),
      'sku.holders': async () => world.user.click(screen.getByRole('button', { name: 'Holders of PRO' })),
      'holders.more': async () => world.user.click(inDialog('Load more')),
      'holders.unassign': async () => world.user.click(inDialog('Take PRO from Northwind Capital')),
      'unassign.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Take off' })),
      'unassign.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'holders.close': async () => world.user.click(inDialog('Close')),
      'sku.assign': async () => world.user.click(screen.getByRole('button', { name: 'Assign PRO' })),
      'assign.account': pickHarbour,
      'assign.confirm': async () => world.user.click(inDialog('Assign to Harbour Lights')),
      'assign.cancel': async () => world.user.click(inDialog('Cancel')),
      'assign.close': async () => world.user.click(inDialog('Close')),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [LIST]),
      savedMeanwhile: async () => {
        await world.server.db
          .updateTable('skus')
          .set({ name: 'Professional (theirs)', version: 2 })
          .where('id', '=', world.proId)
          .execute();
      },
      saveFailed: async () => world.bridge.setOffline(true, [LIST]),
      statusStale: async () => {
        await world.server.db.updateTable('skus').set({ version: 2 }).where('id', '=', world.proId).execute();
      },
      statusFailed: async () => world.bridge.setOffline(true, [STATUS]),
      holdersFailed: async () => world.bridge.setOffline(true, [HOLDERS]),
      unassignFailed: async () => world.bridge.setOffline(true, [UNASSIGN]),
      previewed: async () => harbourWithDd(1_000),
      previewRefused: async () => harbourWithDd(100),
      previewFailed: async () => world.bridge.setOffline(true, [PREVIEW]),
      assignStale: async () => harbourWithDd(1_000),
      assignRefused: async () => {
        await world.server.db.updateTable('skus').set({ status: 'retired' }).where('id', '=', world.proId).execute();
      },
      assignFailed: async () => world.bridge.setOffline(true, [ASSIGN]),
    },
    afterOutcome: {
      loadFailed: online,
      saveFailed: online,
      statusFailed: online,
      holdersFailed: online,
      unassignFailed: online,
      previewFailed: online,
      assignFailed: online,
      assignRefused: async () => {
        await world.server.db.updateTable('skus').set({ status: 'active' }).where('id', '=', world.proId).execute();
      },
    },
    expectations: {
      loading: (s, { step }) => {
        expect(s.getByRole('button', { name: 'New SKU' })).toBeDisabled();
        if (step?.outcome === 'saved')
          expect(s.getByRole('status', { name: 'SKUs notice' })).toHaveTextContent(/^SKU '.+' (created|saved)\.$/);
        else if (step?.outcome === 'statusChanged')
          expect(s.getByRole('status', { name: 'SKUs notice' })).toHaveTextContent("SKU 'PRO' retired.");
        else if (!step) expect(s.getByRole('status', { name: 'Loading SKUs' })).toHaveTextContent('Loading SKUs…');
        expect(s.queryByRole('dialog')).toBeNull();
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The SKUs could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('table', { name: 'SKUs' })).toBeNull();
      },
      listed: async (s, { step }) => {
        expect(s.queryByRole('dialog')).toBeNull();
        expect(s.queryByRole('alertdialog')).toBeNull();
        if (step?.event.type === 'list.status') {
          const table = s.getByRole('table', { name: 'SKUs' });
          expect(
            within(table)
              .getAllByRole('row')
              .slice(1)
              .map((r) => r.getAttribute('aria-label')),
          ).toEqual(['LEGACY']);
          expect(within(table).getByRole('row', { name: 'LEGACY' })).toHaveTextContent(
            'LEGACYLegacy bundleProduct ResearchRNSExport hits limit: 100Retired0',
          );
          expect(within(table).getByRole('button', { name: 'Assign LEGACY' })).toBeDisabled();
          return;
        }
        const table = await s.findByRole('table', { name: 'SKUs' });
        const codes = within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.getAttribute('aria-label'));
        if (step?.event.type === 'list.search') expect(codes.every((c) => c!.includes('PRO'))).toBe(true);
        else expect(codes).toEqual(expect.arrayContaining(['BASIC', 'LEGACY', 'PRO']));
        const pro = await proRow();
        expect(within(table).getByRole('row', { name: 'PRO' })).toHaveTextContent(
          `PRO${pro.name}Product ResearchProduct DataOTD limit (documents a day): 150${pro.status === 'active' ? 'Active' : 'Retired'}${await holderCount()}`,
        );
      },
      'form.editing': (s, { step }) => {
        const f = ctx().form!;
        expect(
          within(dialog()).getByRole('heading', { name: f.id === null ? 'New SKU' : `Edit SKU '${f.base.code}'` }),
        ).toBeVisible();
        expect(within(dialog()).getByLabelText('Code')).toHaveValue(f.code);
        expect(within(dialog()).getByLabelText('Name')).toHaveValue(f.name);
        // The data plan as the rules left it, and why.
        const plan = within(dialog()).getByRole('group', { name: 'Data plan' });
        expect(
          within(plan)
            .getAllByRole('checkbox')
            .filter((b) => b.getAttribute('aria-checked') === 'true')
            .map((b) => b.getAttribute('aria-label')),
        ).toEqual(
          ['Product Data', 'Shareholder data', 'Product Alternative data', 'LexisNexis', 'RNS'].filter((_, i) =>
            f.data_plan.includes(['product_data', 'shareholder_data', 'product_alt_data', 'lexis_nexis', 'rns'][i]!),
          ),
        );
        if (step?.event.type === 'form.planItem' && f.id === null) {
          expect(within(dialog()).getByRole('status', { name: 'Data plan notice' })).toHaveTextContent(
            'User must have Product Data to have shareholder data. Product data has been assigned as a result.',
          );
        }
        // Exactly the settings the SKU sets, each with its control.
        const settings = within(dialog()).getByRole('group', { name: 'Settings this SKU sets' });
        if (Object.keys(f.defaults).length === 0) expect(settings).toHaveTextContent('None yet.');
        if ('account_settings.otd_limit' in f.defaults)
          expect(within(settings).getByRole('textbox', { name: OTD })).toHaveValue(
            String(f.defaults['account_settings.otd_limit']),
          );
        else expect(within(settings).queryByRole('textbox', { name: OTD })).toBeNull();
        if (step?.event.type === 'form.addSetting')
          expect(within(settings).getByRole('group', { name: 'Excel plug-in' })).toHaveTextContent('Off');
        if (step?.outcome === 'codeTaken') {
          expect(within(dialog()).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
          expect(
            within(dialog()).getByText("A SKU with the code 'BASIC' exists (codes are the same whatever their case)."),
          ).toBeVisible();
          expect(within(dialog()).queryByRole('alert')).toBeNull();
        } else if (step?.outcome === 'savedMeanwhile') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            "Someone else changed SKU 'PRO' since you opened it. Save again to replace it with yours, or Cancel to keep theirs.",
          );
        } else if (step?.outcome === 'saveFailed') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(`The SKU was not saved. ${NO_ANSWER}`);
        } else {
          expect(within(dialog()).queryByRole('alert')).toBeNull();
        }
        expect(inDialog('Save')).toBeEnabled();
      },
      'form.saving': () => {
        expect(inDialog('Cancel')).toBeDisabled();
        expect(within(dialog()).getByLabelText('Code')).toBeDisabled();
      },
      'statusing.confirm': async (_s, { step }) => {
        expect(within(alertDialog()).getByRole('heading', { name: 'Retire SKU?' })).toBeVisible();
        expect(alertDialog()).toHaveTextContent(
          "'PRO' can no longer be assigned. 26 accounts hold it; they keep it and their settings.",
        );
        if (step?.outcome === 'statusStale')
          expect(within(alertDialog()).getByRole('alert')).toHaveTextContent(
            "Someone else changed SKU 'PRO' since you opened it.",
          );
        else if (step?.outcome === 'statusFailed')
          expect(within(alertDialog()).getByRole('alert')).toHaveTextContent(`Nothing was changed. ${NO_ANSWER}`);
        else expect(within(alertDialog()).queryByRole('alert')).toBeNull();
        expect((await proRow()).status).toBe('active');
      },
      'statusing.saving': () => {
        expect(within(alertDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
      'holders.reading': () => {
        expect(within(dialog()).getByRole('heading', { name: "Accounts holding 'PRO'" })).toBeVisible();
        expect(inDialog('Close')).toBeDisabled();
      },
      'holders.shown': async (_s, { step }) => {
        if (step?.outcome === 'holdersFailed') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            `The accounts holding this SKU could not be read. ${NO_ANSWER}`,
          );
          return;
        }
        if (step?.outcome === 'unassignFailed') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(`Nothing was changed. ${NO_ANSWER}`);
          return;
        }
        const total = await holderCount();
        expect(dialog()).toHaveTextContent(
          `${total} accounts hold Professional. Taking it off leaves the account's settings as they are.`,
        );
        const rows = within(within(dialog()).getByRole('table', { name: 'Holders' }))
          .getAllByRole('row')
          .slice(1);
        expect(rows.length).toBe(
          step?.event.type === 'holders.more' || (step?.outcome === 'holdersRead' && ctx().holdersTotal === rows.length)
            ? total
            : 25,
        );
        const held =
          (
            await world.server.db
              .selectFrom('account_skus')
              .select('account_id')
              .where('sku_id', '=', world.proId)
              .where('account_id', '=', world.northwindId)
              .execute()
          ).length > 0;
        expect(rows[0]).toHaveTextContent(held ? 'Northwind Capitalsku-desk' : 'Holder 01sku-desk');
        if (!held)
          expect(within(dialog()).getByRole('status', { name: 'Holders notice' })).toHaveTextContent(
            "SKU 'PRO' taken from Northwind Capital; its settings stay as they are.",
          );
        expect(inDialog('Close')).toBeEnabled();
      },
      'holders.confirmingTakeOff': (s) => {
        const question = s.getByRole('alertdialog');
        expect(within(question).getByRole('heading', { name: 'Take PRO off Northwind Capital?' })).toBeVisible();
        expect(question).toHaveTextContent(/^.*Northwind Capital no longer holds .+\. Its settings stay as they are\./);
      },
      'holders.unassigning': () => {
        expect(inDialog('Close')).toBeDisabled();
      },
      'assigning.picking': (_s, { step }) => {
        expect(within(dialog()).getByRole('heading', { name: "Assign 'PRO'" })).toBeVisible();
        expect(within(dialog()).getByRole('combobox', { name: 'Organization' })).toBeEnabled();
        expect(inDialog(/^Assign( to Harbour Lights)?$/)).toBeDisabled();
        if (step?.outcome === 'previewFailed')
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            `What assigning changes could not be read. ${NO_ANSWER}`,
          );
        else expect(within(dialog()).queryByRole('alert')).toBeNull();
      },
      'assigning.previewing': () => {
        expect(within(dialog()).getByRole('status', { name: 'Reading the preview' })).toHaveTextContent(
          'Reading what changes…',
        );
      },
      'assigning.preview': async (_s, { step }) => {
        const table = within(dialog()).getByRole('table', { name: 'What changes' });
        expect(within(table).getByRole('row', { name: OTD })).toHaveTextContent(`${OTD}20150`);
        const refusedByRule = step?.outcome === 'previewRefused';
        const confirm = inDialog('Assign to Harbour Lights');
        if (refusedByRule) {
          expect(within(dialog()).getByRole('alert', { name: 'Why it cannot be assigned' })).toHaveTextContent(
            "'PRO' cannot be assigned to Harbour Lights: DD limit (documents a day): The DD limit must be greater than the OTD limit (150).",
          );
          expect(confirm).toBeDisabled();
        } else {
          expect(confirm).toBeEnabled();
          const alert = within(dialog()).queryByRole('alert');
          if (step?.outcome === 'assignStale')
            expect(alert).toHaveTextContent(
              'The settings of Harbour Lights were changed by someone else since the preview; here is what assigning changes now.',
            );
          else if (step?.outcome === 'assignRefused')
            expect(alert).toHaveTextContent(
              "The SKU was not assigned. SKU 'PRO' is retired: it cannot be assigned. Reactivate it first.",
            );
          else if (step?.outcome === 'assignFailed')
            expect(alert).toHaveTextContent(`The SKU was not assigned. ${NO_ANSWER}`);
          else expect(alert).toBeNull();
        }
        // Nothing is written before the confirmation.
        expect(
          await world.server.db
            .selectFrom('account_skus')
            .select('sku_id')
            .where('account_id', '=', world.harbourId)
            .execute(),
        ).toEqual([]);
      },
      'assigning.applying': () => {
        expect(inDialog('Cancel')).toBeDisabled();
      },
      'assigning.done': async () => {
        expect(within(dialog()).getByRole('status', { name: 'Assign notice' })).toHaveTextContent(
          "SKU 'PRO' assigned to Harbour Lights.",
        );
        const held = await world.server.db
          .selectFrom('account_skus')
          .select('sku_id')
          .where('account_id', '=', world.harbourId)
          .execute();
        expect(held.map((h) => h.sku_id)).toEqual([world.proId]);
        const saved = await world.server.db
          .selectFrom('account_settings')
          .select('settings')
          .where('account_id', '=', world.harbourId)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(saved.settings)).toMatchObject({ otd_limit: 150, dd_limit: 1_000 });
        expect(inDialog('Close')).toBeEnabled();
      },
    },
  };
}

describePaths('skuEditor machine paths (SKU Configuration, real server)', skuEditorPlan, {
  before: () => createWorld(null),
  driver,
});

describePaths('skuEditor machine paths from a form kept across a reload (decision 042)', skuEditorDraftPlan, {
  before: () => createWorld(PLAN_DRAFT),
  driver,
});
