// Generated paths of Template Settings, replayed on the real view against the real server: the
// templates (Research Desk, followed by nobody at first), read or not, searched; a template created
// anew or Research Desk changed (saved with a messy name shown collapsed, refused at the DD limit
// by the account rules, saved by someone else first, not sent); deleted (or not sent); and applied
// to Northwind Capital, chosen with the organization picker: the dry run in words (or not sent),
// applied (Northwind then follows it), refused because Northwind's settings changed since the dry
// run (nothing written), or not sent. The second walk opens on a form kept across a reload.
import { act, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { defaultAccountSettings } from '../../src/domain/account-settings';
import { FEATURE_KEYS } from '../../src/domain/features';
import { templateEditorMachine } from '../../src/sections/templates/templates.machine';
import { PLAN_DRAFT, templateEditorDraftPlan, templateEditorPlan } from '../../src/sections/templates/templates.plan';
import type { TemplateForm } from '../../src/sections/templates/templates.types';
import { writeDraft } from '../../src/services/drafts';
import { TemplatesCtx } from '../../src/sections/templates/templates-context';
import {
  templateDraftAddress,
  TemplatesDraftKeeper,
  TemplatesScope,
  TemplatesView,
} from '../../src/sections/templates/templates-screen';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { flush, type Driver } from '../support/replay';

const TS = '/api/ts/';
const PREVIEW = '/api/ts/apply_preview/';
const APPLY = '/api/ts/apply/';
const NO_ANSWER = 'Error: no response from the server';
const DD = 'DD limit (documents a day)';
const DEFAULTS = defaultAccountSettings('product', 'app');

interface World extends SignedInWorld {
  staffId: number;
  editor: AnyActorRef | null;
  templateId: number;
  northwindId: number;
  /** Research Desk's name as stored now. */
  name: string;
}
let world: World;

async function createWorld(draft: TemplateForm | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'templater',
    features: FEATURE_KEYS,
    fakeTimers: true,
  });
  const now = Date.now();
  const northwind = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Northwind Capital', salesforce_id: 'SF-NW', sf_acc_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('organizations')
    .values({ name: 'Blue Harbor', salesforce_id: null, sf_acc_id: null, created_at: now })
    .execute();
  await server.db
    .insertInto('user_groups')
    .values({ name: 'Analysts', kind: 'general', organization_id: northwind, created_at: now })
    .execute();
  const template = await server.db
    .insertInto('settings_templates')
    .values({
      name: 'Research Desk',
      description: 'Buy-side desks',
      source: 'product_templates',
      settings: JSON.stringify({
        account_settings: { ...DEFAULTS.account_settings, otd_limit: 30, dd_limit: 300 },
        account_level_flags: { ...DEFAULTS.account_level_flags, redirect: true },
      }),
      groups: JSON.stringify(['Analysts', 'Traders']),
      source_user: null,
      account_id: null,
      created_by: 'admin',
      updated_by: 'admin',
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { actors, user } = await signIn('/template_settings');
  const staffId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'templater').executeTakeFirstOrThrow()
  ).id;
  sessionStorage.clear();
  world = {
    server,
    bridge,
    user,
    actors,
    staffId,
    editor: null,
    templateId: template.id,
    northwindId: northwind,
    name: 'Research Desk',
  };
  if (draft) writeDraft(templateDraftAddress(staffId)!, draft);
}

afterEach(async () => {
  await closeSignedInWorld(world);
  sessionStorage.clear();
  vi.useRealTimers();
});

function mount(): Promise<void> {
  renderInConsole(
    world.actors,
    <TemplatesScope staff={world.staffId}>
      <ActorProbe hook={TemplatesCtx.useActorRef} keep={(ref) => (world.editor = ref)} />
      <TemplatesDraftKeeper staff={world.staffId} />
      <TemplatesView />
    </TemplatesScope>,
  );
  return Promise.resolve();
}

const dialog = () => screen.getByRole('dialog');
const alertDialog = () => screen.getByRole('alertdialog');
const inDialog = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
const form = () => (world.editor!.getSnapshot().context as { form: TemplateForm | null }).form;
const templateRow = () =>
  world.server.db.selectFrom('settings_templates').selectAll().where('id', '=', world.templateId).executeTakeFirst();
const northwindSettings = () =>
  world.server.db
    .selectFrom('account_settings')
    .selectAll()
    .where('account_id', '=', world.northwindId)
    .executeTakeFirst();

async function typeInto(label: string, value: string): Promise<void> {
  const field = within(dialog()).getByLabelText(label);
  await world.user.clear(field);
  if (value) await world.user.type(field, value);
}

async function pickNorthwind(): Promise<void> {
  const field = within(dialog()).getByRole('combobox', { name: 'Organization' });
  await world.user.clear(field);
  await world.user.type(field, 'North');
  await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
  for (let i = 0; i < 200 && !screen.queryByRole('option', { name: /Northwind Capital/ }); i++) await flush();
  await world.user.click(screen.getByRole('option', { name: /Northwind Capital/ }));
}

const online = async () => world.bridge.setOffline(false);

function driver(): Driver<World> {
  return {
    machine: templateEditorMachine,
    bridge: world.bridge,
    world,
    calls: { loadTemplates: TS, saveTemplate: TS, removeTemplate: TS, previewApply: PREVIEW, applyTemplate: APPLY },
    mount,
    actor: () => world.editor!,
    perform: {
      'templates.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'search.text': async () => {
        const box = screen.getByRole('textbox', { name: 'Search templates by name or description' });
        await world.user.clear(box);
        await world.user.type(box, 'research');
      },
      'search.submit': async () => world.user.click(screen.getByRole('button', { name: 'Search' })),
      'template.new': async () => world.user.click(screen.getByRole('button', { name: 'New template' })),
      'template.edit': async () => world.user.click(screen.getByRole('button', { name: `Edit ${world.name}` })),
      'form.field': async ({ step }) => typeInto('Name', String(step.event['value'])),
      'form.setting': async ({ step }) => typeInto(DD, String(step.event['value'])),
      'form.submit': async ({ next }) => {
        if ((within(dialog()).getByLabelText('Name') as HTMLInputElement).value.trim() === '')
          await typeInto('Name', ' New   desk ');
        // The account rules refuse a DD limit not above the OTD limit.
        if (next?.outcome === 'refused') await typeInto(DD, '5');
        await world.user.click(inDialog('Save'));
      },
      'form.cancel': async () => world.user.click(inDialog('Cancel')),
      'template.delete': async () => world.user.click(screen.getByRole('button', { name: `Delete ${world.name}` })),
      'delete.confirm': async () => world.user.click(within(alertDialog()).getByRole('button', { name: 'Delete' })),
      'delete.cancel': async () => world.user.click(within(alertDialog()).getByRole('button', { name: 'Cancel' })),
      'template.apply': async () => world.user.click(screen.getByRole('button', { name: `Apply ${world.name}` })),
      'apply.add': pickNorthwind,
      'apply.remove': async () => world.user.click(inDialog('Remove Northwind Capital')),
      'apply.preview': async () => world.user.click(inDialog('Show changes')),
      'apply.back': async () => world.user.click(inDialog('Back')),
      'apply.confirm': async () => world.user.click(inDialog(/^Apply to /)),
      'apply.close': async () => world.user.click(inDialog(/^(Cancel|Close)$/)),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [TS]),
      saveFailed: async () => world.bridge.setOffline(true, [TS]),
      removeFailed: async () => world.bridge.setOffline(true, [TS]),
      previewFailed: async () => world.bridge.setOffline(true, [PREVIEW]),
      applyFailed: async () => world.bridge.setOffline(true, [APPLY]),
      savedMeanwhile: async () => {
        world.name = 'Research Desk (theirs)';
        await world.server.db
          .updateTable('settings_templates')
          .set({ name: world.name, version: 2 })
          .where('id', '=', world.templateId)
          .execute();
      },
      changedMeanwhile: async () => {
        // Someone saves Northwind's settings after the dry run.
        await world.server.db
          .insertInto('account_settings')
          .values({
            account_id: world.northwindId,
            settings: JSON.stringify(DEFAULTS.account_settings),
            level_flags: JSON.stringify(DEFAULTS.account_level_flags),
            groups: '[]',
            template_id: null,
            created_by: 'someone',
            updated_by: 'someone',
            created_at: 1,
            updated_at: 1,
            version: 1,
          })
          .execute();
      },
    },
    afterOutcome: {
      loadFailed: online,
      saveFailed: online,
      removeFailed: online,
      previewFailed: online,
      applyFailed: online,
      saved: async () => {
        const row = await templateRow();
        if (row) world.name = row.name;
      },
    },
    expectations: {
      loading: async (s, { step }) => {
        expect(s.getByRole('button', { name: 'New template' })).toBeDisabled();
        if (step?.outcome === 'saved') {
          expect(s.getByRole('status', { name: 'Templates notice' })).toHaveTextContent(
            /^Template '(New desk|Research Desk|Research Desk B|Kept template)' (created|saved)\.$/,
          );
          // Names are saved with their spaces collapsed and trimmed.
          for (const t of await world.server.db.selectFrom('settings_templates').select('name').execute())
            expect(t.name).toMatch(/^\S+( \S+)*$/);
          expect(s.queryByRole('dialog')).toBeNull();
        } else if (step?.outcome === 'removed') {
          expect(s.getByRole('status', { name: 'Templates notice' })).toHaveTextContent(
            `Template '${world.name}' deleted.`,
          );
          expect(await templateRow()).toBeUndefined();
        } else if (step?.event.type === 'apply.close' && step.state === 'loading') {
          expect(s.getByRole('status', { name: 'Templates notice' })).toHaveTextContent(
            `Template '${world.name}' applied to 1 account.`,
          );
        } else if (!step) {
          expect(s.getByRole('status', { name: 'Loading templates' })).toHaveTextContent('Loading templates…');
        }
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The templates could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('table')).toBeNull();
      },
      listed: async (s, { step }) => {
        expect(s.queryByRole('dialog')).toBeNull();
        expect(s.queryByRole('alertdialog')).toBeNull();
        const row = await templateRow();
        if (!row) {
          expect(s.getByRole('status', { name: 'No templates' })).toHaveTextContent('No templates yet.');
          return;
        }
        const table = within(s.getByRole('table'));
        const followers = (
          await world.server.db
            .selectFrom('account_settings')
            .select('account_id')
            .where('template_id', '=', world.templateId)
            .execute()
        ).length;
        expect(table.getByRole('row', { name: world.name })).toHaveTextContent(
          `${world.name}Buy-side desksProduct templates${followers}`,
        );
        expect(table.getByRole('cell', { name: `Accounts following ${world.name}` })).toHaveTextContent(
          String(followers),
        );
        const organizations = (await world.server.db.selectFrom('organizations').select('id').execute()).length;
        expect(s.getByLabelText('Accounts without a template')).toHaveTextContent(
          `${organizations - followers} accounts follow no template.`,
        );
        if (step?.event.type === 'search.text')
          expect(s.getByRole('textbox', { name: 'Search templates by name or description' })).toHaveValue('research');
      },
      'form.editing': async (s, { step }) => {
        const f = form()!;
        expect(
          within(dialog()).getByRole('heading', {
            name:
              f.id === null
                ? 'New template'
                : `Edit template '${world.name === 'Research Desk (theirs)' ? 'Research Desk' : world.name}'`,
          }),
        ).toBeVisible();
        expect(within(dialog()).getByLabelText('Name')).toHaveValue(f.template_name);
        expect(within(dialog()).getByLabelText(DD)).toHaveValue(String(f.account_settings['dd_limit']));
        expect(within(dialog()).getByRole('combobox', { name: 'Source' })).toHaveTextContent('Product templates');
        for (const group of [
          'Limits',
          'Features',
          'Screens and notebook',
          'Editor',
          'Other flags',
          'Data team flags',
          'Query bits',
        ]) {
          expect(within(dialog()).getByRole('group', { name: group })).toBeInTheDocument();
        }
        if (step?.outcome === 'refused') {
          expect(within(dialog()).getByLabelText(DD)).toHaveAttribute('aria-invalid', 'true');
          expect(
            within(dialog()).getByText(/The DD limit must be greater than the OTD limit \((20|30)\)\./),
          ).toBeVisible();
          expect(within(dialog()).queryByRole('alert')).toBeNull();
        } else if (step?.outcome === 'savedMeanwhile') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            `Someone else saved this template since you opened it; it is now named '${world.name}'. Save again to replace it with yours, or Cancel to keep theirs.`,
          );
        } else if (step?.outcome === 'saveFailed') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(`The template was not saved. ${NO_ANSWER}`);
        } else {
          expect(within(dialog()).queryByRole('alert')).toBeNull();
        }
      },
      'form.saving': () => {
        expect(inDialog('Cancel')).toBeDisabled();
        expect(within(dialog()).getByLabelText('Name')).toBeDisabled();
      },
      'deleting.confirm': async (_s, { step }) => {
        expect(within(alertDialog()).getByRole('heading', { name: 'Delete template?' })).toBeVisible();
        expect(alertDialog()).toHaveTextContent(`'${world.name}' will be deleted.`);
        if (step?.outcome === 'removeFailed') {
          expect(within(alertDialog()).getByRole('alert')).toHaveTextContent(
            `The template was not deleted. ${NO_ANSWER}`,
          );
          expect(await templateRow()).toBeDefined();
        } else {
          expect(within(alertDialog()).queryByRole('alert')).toBeNull();
        }
      },
      'deleting.removing': () => {
        expect(within(alertDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
      'applying.choosing': async (_s, { step, actor }) => {
        expect(within(dialog()).getByRole('heading', { name: `Apply '${world.name}'` })).toBeVisible();
        const chosen = (actor.getSnapshot().context as { apply: { accounts: unknown[] } }).apply.accounts.length;
        if (chosen) {
          const list = within(dialog()).getByRole('list', { name: 'Chosen accounts' });
          expect(within(list).getByRole('listitem', { name: 'Northwind Capital' })).toBeVisible();
        } else {
          // No account is said in words, with no empty list.
          expect(within(dialog()).getByText('No account chosen yet.')).toBeVisible();
          expect(within(dialog()).queryByRole('list', { name: 'Chosen accounts' })).toBeNull();
        }
        expect(inDialog('Show changes')).toHaveProperty('disabled', chosen === 0);
        if (step?.outcome === 'previewFailed')
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            `The changes could not be worked out. ${NO_ANSWER}`,
          );
        else if (step?.outcome === 'changedMeanwhile') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            'Nothing was applied: account Northwind Capital was changed since you looked at the changes (Northwind Capital); look at them again.',
          );
          // Nothing written: Northwind keeps what someone else saved and follows no template.
          expect((await northwindSettings())!.template_id).toBeNull();
        } else expect(within(dialog()).queryByRole('alert')).toBeNull();
      },
      'applying.previewing': () => {
        expect(inDialog('Cancel')).toBeDisabled();
      },
      'applying.reviewing': async (_s, { step }) => {
        const card = within(within(dialog()).getByRole('list', { name: 'Changes by account' })).getByRole('listitem', {
          name: 'Northwind Capital',
        });
        const changes = within(card).getByRole('list', { name: 'Changes to Northwind Capital' });
        expect(changes).toHaveTextContent('OTD limit (documents a day): 20 → 30');
        expect(changes).toHaveTextContent('DD limit (documents a day): 100 → 300');
        expect(changes).toHaveTextContent('Redirect: Off → On');
        expect(changes).toHaveTextContent(`Template it follows: None → ${world.name}`);
        expect(card).toHaveTextContent('New users will join Analysts. No group named Traders in this account.');
        expect(inDialog('Apply to 1 account')).toBeEnabled();
        if (step?.outcome === 'applyFailed')
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(`Nothing was applied. ${NO_ANSWER}`);
        else expect(within(dialog()).queryByRole('alert')).toBeNull();
        // Nothing is written while reading.
        expect(await northwindSettings()).toBeUndefined();
      },
      'applying.applying': () => {
        expect(inDialog('Back')).toBeDisabled();
      },
      'applying.done': async () => {
        expect(within(dialog()).getByRole('status', { name: 'Apply outcome' })).toHaveTextContent(
          `Template '${world.name}' applied to 1 account. 1 account follows it now.`,
        );
        const row = await northwindSettings();
        expect(row!.template_id).toBe(world.templateId);
        expect(JSON.parse(row!.settings)).toMatchObject({ otd_limit: 30, dd_limit: 300 });
      },
    },
  };
}

describePaths('templateEditor machine paths (Template Settings, real server)', templateEditorPlan, {
  before: () => createWorld(null),
  driver,
});

describePaths('templateEditor machine paths from a form kept across a reload (decision 042)', templateEditorDraftPlan, {
  before: () => createWorld(PLAN_DRAFT),
  driver,
});
