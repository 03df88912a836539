// Generated paths of Role Management, replayed on the real view against the real server: the
// roles (Desk, held by support, and each staff member's own), read or not; Desk created anew or
// changed (saved, refused at its name, changed by someone else first, refused because it would
// leave nobody a Super administrator, not sent), deleted (unheld at once; held only after the
// holders are named and the question answered; refused; not sent), taken from support (or
// refused), and support's reach read (or not). The second walk opens on a form kept across a reload.
import { screen, within } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { featureLabel } from '../../src/domain/feature-labels';
import { ROLE_FEATURE_KEYS } from '../../src/domain/feature-meanings';
import { FEATURE_KEYS } from '../../src/domain/features';
import { roleEditorMachine } from '../../src/sections/roles/roles.machine';
import { PLAN_DRAFT, roleEditorDraftPlan, roleEditorPlan } from '../../src/sections/roles/roles.plan';
import type { RoleForm } from '../../src/sections/roles/roles.types';
import { writeDraft } from '../../src/services/drafts';
import { RolesCtx } from '../../src/sections/roles/roles-context';
import { roleDraftAddress, RolesDraftKeeper, RolesScope, RolesView } from '../../src/sections/roles/roles-screen';
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

const FETCH = '/user/fetch_user_roles/';
const ROLES = '/user/roles/';
const DELETE = '/user/roles/delete/';
const REACH = '/user/roles/reach/';
const NO_ANSWER = 'Error: no response from the server';
const SELF_GUARD =
  'You cannot take the ‘Role management’ permission from yourself; ask another staff member who holds it.';
const BEYOND_SUPER =
  'Nothing was changed. You do not hold the ‘Super administrator’ permission, so you cannot give, take or change it.';
const ALL_BUT = (key: string) => FEATURE_KEYS.filter((k) => k !== key);

interface World extends SignedInWorld {
  staffId: number;
  supportId: number;
  editor: AnyActorRef | null;
  deskId: number;
  /** Desk's name as stored now. */
  desk: string;
}
let world: World;

async function createWorld(draft: RoleForm | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'keeper', features: FEATURE_KEYS });
  await server.createStaff({ username: 'support', features: ['admin_panel_access', 'user_mgmt'] });
  const idOf = async (username: string) =>
    (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const now = Date.now();
  const desk = await server.db
    .insertInto('roles')
    .values({
      name: 'Desk',
      description: 'The desk',
      features: JSON.stringify(['admin_panel_access', 'tags']),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const supportId = await idOf('support');
  await server.db.insertInto('user_roles').values({ user_id: supportId, role_id: desk.id }).execute();
  const { actors, user } = await signIn('/user_roles');
  world = {
    server,
    bridge,
    user,
    actors,
    staffId: await idOf('keeper'),
    supportId,
    editor: null,
    deskId: desk.id,
    desk: 'Desk',
  };
  sessionStorage.clear();
  if (draft) writeDraft(roleDraftAddress(world.staffId)!, draft);
}

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  renderInConsole(
    world.actors,
    <RolesScope staff={world.staffId}>
      <ActorProbe hook={RolesCtx.useActorRef} keep={(ref) => (world.editor = ref)} />
      <RolesDraftKeeper staff={world.staffId} />
      <RolesView />
    </RolesScope>,
  );
}

const dialog = () => screen.getByRole('dialog');
const alertDialog = () => screen.getByRole('alertdialog');
const inDialog = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
const form = () => (world.editor!.getSnapshot().context as { form: RoleForm | null }).form;
const deskRow = () => world.server.db.selectFrom('roles').selectAll().where('id', '=', world.deskId).executeTakeFirst();
const holdersOfDesk = async () =>
  (await world.server.db.selectFrom('user_roles').select('user_id').where('role_id', '=', world.deskId).execute()).map(
    (r) => r.user_id,
  );

async function typeInto(label: string, value: string): Promise<void> {
  const field = within(dialog()).getByLabelText(label);
  await world.user.clear(field);
  if (value) await world.user.type(field, value);
}

/**
 * The keeper holds role management only through Desk: saving Desk without it, or deleting Desk,
 * would take it from them, which the server's guard refuses (decision 050).
 */
async function makeDeskTheKeepersRoleManagement(): Promise<void> {
  await world.server.db
    .updateTable('roles')
    .set({ features: JSON.stringify(ALL_BUT('role_mgmt')) })
    .where('name', '=', 'role for keeper')
    .execute();
  await world.server.db
    .updateTable('roles')
    .set({ features: JSON.stringify(['admin_panel_access', 'tags', 'role_mgmt']) })
    .where('id', '=', world.deskId)
    .execute();
  await world.server.db.insertInto('user_roles').values({ user_id: world.staffId, role_id: world.deskId }).execute();
}
/** Desk grants Super administrator, which the keeper lacks: taking it from support is beyond them (decision 066). */
async function makeDeskBeyondTheKeeper(): Promise<void> {
  await world.server.db
    .updateTable('roles')
    .set({ features: JSON.stringify(ALL_BUT('is_super_admin_user')) })
    .where('name', '=', 'role for keeper')
    .execute();
  await world.server.db
    .updateTable('roles')
    .set({ features: JSON.stringify(['admin_panel_access', 'tags', 'is_super_admin_user']) })
    .where('id', '=', world.deskId)
    .execute();
}
async function restoreKeeper(): Promise<void> {
  await world.server.db
    .updateTable('roles')
    .set({ features: JSON.stringify(FEATURE_KEYS) })
    .where('name', '=', 'role for keeper')
    .execute();
  await world.server.db
    .deleteFrom('user_roles')
    .where('user_id', '=', world.staffId)
    .where('role_id', '=', world.deskId)
    .execute();
}

/** What the form dialog must say after this step. */
function formAlert(step: PlannedStep | undefined): string | null {
  switch (step?.outcome) {
    case 'savedMeanwhile':
      return `Someone else changed this role since you opened it; it is now named '${world.desk}'. Save again to replace it with yours, or Cancel to keep theirs.`;
    case 'saveGuarded':
      return SELF_GUARD;
    case 'saveFailed':
      return `The role was not saved. ${NO_ANSWER}`;
    default:
      return null;
  }
}

const online = async () => world.bridge.setOffline(false);

function driver(): Driver<World> {
  return {
    machine: roleEditorMachine,
    bridge: world.bridge,
    world,
    calls: {
      loadRoles: FETCH,
      saveRole: ROLES,
      removeRole: DELETE,
      removeRoleWithHolders: DELETE,
      holdRole: ROLES,
      readReach: REACH,
    },
    mount: async () => mount(),
    actor: () => world.editor!,
    perform: {
      'roles.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'role.new': async () => world.user.click(screen.getByRole('button', { name: 'New role' })),
      'role.edit': async () => world.user.click(screen.getByRole('button', { name: `Edit ${world.desk}` })),
      'form.name': async ({ step }) => typeInto('Name', String(step.event['value'])),
      'form.description': async ({ step }) => typeInto('Description', String(step.event['value'])),
      'form.feature': async ({ step }) =>
        world.user.click(within(dialog()).getByRole('checkbox', { name: featureLabel(String(step.event['key'])) })),
      'form.submit': async ({ next }) => {
        // The name the outcome asks for: one another role has, or any when none is typed yet.
        if (next?.outcome === 'nameTaken') await typeInto('Name', 'ROLE FOR SUPPORT');
        else if ((within(dialog()).getByLabelText('Name') as HTMLInputElement).value.trim() === '')
          await typeInto('Name', 'Desk leads');
        await world.user.click(inDialog('Save'));
      },
      'form.cancel': async () => world.user.click(inDialog('Cancel')),
      'role.delete': async () => world.user.click(screen.getByRole('button', { name: `Delete ${world.desk}` })),
      'delete.confirm': async () => world.user.click(within(alertDialog()).getByRole('button', { name: /^Delete/ })),
      'delete.cancel': async () => world.user.click(within(alertDialog()).getByRole('button', { name: 'Cancel' })),
      'role.holders': async () => world.user.click(screen.getByRole('button', { name: `Holders of ${world.desk}` })),
      'holder.toggle': async () =>
        world.user.click(within(dialog()).getByRole('checkbox', { name: `support holds ${world.desk}` })),
      'holders.close': async () => world.user.click(inDialog('Close')),
      'staff.reach': async () => world.user.click(screen.getByRole('button', { name: 'What support can do' })),
      'reach.close': async () => world.user.click(inDialog('Close')),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [FETCH]),
      savedMeanwhile: async () => {
        world.desk = 'Desk (theirs)';
        await world.server.db
          .updateTable('roles')
          .set({ name: world.desk, version: 2 })
          .where('id', '=', world.deskId)
          .execute();
      },
      saveGuarded: makeDeskTheKeepersRoleManagement,
      removeGuarded: makeDeskTheKeepersRoleManagement,
      holdGuarded: makeDeskBeyondTheKeeper,
      saveFailed: async () => world.bridge.setOffline(true, [ROLES]),
      removed: async () => {
        await world.server.db.deleteFrom('user_roles').where('role_id', '=', world.deskId).execute();
      },
      removeFailed: async () => world.bridge.setOffline(true, [DELETE]),
      reachFailed: async () => world.bridge.setOffline(true, [REACH]),
    },
    afterOutcome: {
      loadFailed: online,
      saveFailed: online,
      removeFailed: online,
      reachFailed: online,
      saveGuarded: restoreKeeper,
      removeGuarded: restoreKeeper,
      holdGuarded: restoreKeeper,
      saved: async () => {
        const row = await deskRow();
        if (row) world.desk = row.name;
      },
    },
    expectations: {
      loading: async (s, { step }) => {
        expect(s.getByRole('button', { name: 'New role' })).toBeDisabled();
        if (step?.outcome === 'saved') {
          expect(s.getByRole('status', { name: 'Roles notice' })).toHaveTextContent(/^Role '.+' (created|saved)\.$/);
          expect(s.queryByRole('dialog')).toBeNull();
        } else if (step?.outcome === 'removed') {
          expect(s.getByRole('status', { name: 'Roles notice' })).toHaveTextContent(`Role '${world.desk}' deleted.`);
          expect(await deskRow()).toBeUndefined();
        } else if (step?.outcome === 'removedWithHolders') {
          expect(s.getByRole('status', { name: 'Roles notice' })).toHaveTextContent(
            `Role '${world.desk}' deleted; support no longer hold it.`,
          );
          expect(await deskRow()).toBeUndefined();
          expect(await holdersOfDesk()).toEqual([]);
        } else if (!step) {
          expect(s.getByRole('status', { name: 'Loading roles' })).toHaveTextContent('Loading roles…');
        }
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The roles could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('table', { name: 'Roles' })).toBeNull();
      },
      listed: async (s) => {
        const table = await s.findByRole('table', { name: 'Roles' });
        expect(s.queryByRole('dialog')).toBeNull();
        expect(s.queryByRole('alertdialog')).toBeNull();
        const row = within(table).getByRole('row', { name: world.desk });
        const held = (await holdersOfDesk()).length > 0;
        expect(row).toHaveTextContent(`${world.desk}The desk2${held ? 'support' : 'nobody'}`);
        expect(within(table).getByRole('row', { name: 'role for keeper' })).toHaveTextContent(
          `role for keeper${FEATURE_KEYS.length}keeper`,
        );
        // The matrix: Desk grants Tags; the staff list names each person's roles.
        const matrix = s.getByRole('table', { name: 'Reach matrix' });
        expect(
          within(within(matrix).getByRole('row', { name: 'Tags' })).getByRole('cell', { name: `${world.desk}: yes` }),
        ).toBeInTheDocument();
        expect(
          within(within(matrix).getByRole('row', { name: 'Role management' })).getByRole('cell', {
            name: `${world.desk}: no`,
          }),
        ).toBeInTheDocument();
        expect(
          within(s.getByRole('list', { name: 'Staff' })).getByRole('listitem', { name: 'support' }),
        ).toHaveTextContent(held ? `${world.desk}, role for support` : 'role for support');
      },
      'form.editing': async (s, { step }) => {
        const f = form()!;
        expect(
          within(dialog()).getByRole('heading', { name: f.id === null ? 'New role' : `Edit role '${f.base.name}'` }),
        ).toBeVisible();
        expect(within(dialog()).getByLabelText('Name')).toHaveValue(f.name);
        const boxes = within(within(dialog()).getByRole('group', { name: 'Permissions' })).getAllByRole('checkbox');
        expect(boxes).toHaveLength(ROLE_FEATURE_KEYS.length);
        expect(
          boxes.filter((b) => b.getAttribute('aria-checked') === 'true').map((b) => b.getAttribute('aria-label')),
        ).toEqual(ROLE_FEATURE_KEYS.filter((k) => f.features.includes(k)).map(featureLabel));
        expect(within(dialog()).getByRole('group', { name: 'Other features' })).toHaveTextContent(
          'Broker Research also loads the flags of distributor tri.',
        );
        expect(inDialog('Save')).toBeEnabled();
        if (step?.outcome === 'nameTaken') {
          expect(within(dialog()).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
          expect(
            within(dialog()).getByText(
              "A role named 'ROLE FOR SUPPORT' exists (names are the same whatever their case).",
            ),
          ).toBeVisible();
          expect(within(dialog()).queryByRole('alert')).toBeNull();
        } else {
          const alert = formAlert(step);
          if (alert) expect(within(dialog()).getByRole('alert')).toHaveTextContent(alert);
          else expect(within(dialog()).queryByRole('alert')).toBeNull();
        }
        if (step?.outcome === 'saveGuarded') expect(JSON.parse((await deskRow())!.features)).toContain('role_mgmt');
        expect(s.queryByRole('status', { name: 'Roles notice' })).toBeNull();
      },
      'form.saving': () => {
        expect(inDialog('Cancel')).toBeDisabled();
        expect(within(dialog()).getByLabelText('Name')).toBeDisabled();
      },
      'deleting.confirm': async (_s, { step }) => {
        expect(within(alertDialog()).getByRole('heading', { name: 'Delete role?' })).toBeVisible();
        expect(alertDialog()).toHaveTextContent(`'${world.desk}' will be deleted.`);
        if (step?.outcome === 'removeFailed') {
          expect(within(alertDialog()).getByRole('alert')).toHaveTextContent(`The role was not deleted. ${NO_ANSWER}`);
          expect(await deskRow()).toBeDefined();
        } else {
          expect(within(alertDialog()).queryByRole('alert')).toBeNull();
        }
      },
      'deleting.removing': () => {
        expect(within(alertDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
      'deleting.holders': async (_s, { step }) => {
        expect(within(alertDialog()).getByRole('heading', { name: 'Staff hold this role' })).toBeVisible();
        expect(alertDialog()).toHaveTextContent(
          `'${world.desk}' is held by 1 staff member. Deleting it takes it from them`,
        );
        expect(
          within(within(alertDialog()).getByRole('list', { name: 'Holders who lose the role' }))
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(['support Staff (support)']);
        expect(within(alertDialog()).getByRole('button', { name: 'Delete and take it from them' })).toBeEnabled();
        if (step?.outcome === 'removeGuarded')
          expect(within(alertDialog()).getByRole('alert')).toHaveTextContent(SELF_GUARD);
        else expect(within(alertDialog()).queryByRole('alert')).toBeNull();
        // Nothing is deleted while asking.
        expect(await deskRow()).toBeDefined();
        expect(await holdersOfDesk()).toEqual([world.supportId]);
      },
      'deleting.removingHolders': () => {
        expect(within(alertDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
      'holders.open': async (_s, { step }) => {
        expect(within(dialog()).getByRole('heading', { name: `Holders of '${world.desk}'` })).toBeVisible();
        const box = within(dialog()).getByRole('checkbox', { name: `support holds ${world.desk}` });
        const held = (await holdersOfDesk()).includes(world.supportId);
        expect(box).toHaveAttribute('aria-checked', String(held));
        if (step?.outcome === 'taken') {
          expect(held).toBe(false);
          expect(within(dialog()).getByRole('status', { name: 'Holders notice' })).toHaveTextContent(
            `Role '${world.desk}' taken away.`,
          );
        }
        if (step?.outcome === 'holdGuarded') {
          expect(held).toBe(true);
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(BEYOND_SUPER);
        } else {
          expect(within(dialog()).queryByRole('alert')).toBeNull();
        }
      },
      'holders.saving': () => {
        expect(inDialog('Close')).toBeDisabled();
      },
      'reach.reading': () => {
        expect(within(dialog()).getByRole('status')).toHaveTextContent('Reading…');
      },
      'reach.shown': (_s, { step }) => {
        if (step?.outcome === 'reachFailed') {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            `What this person can do could not be read. ${NO_ANSWER}`,
          );
          return;
        }
        expect(within(dialog()).getByRole('heading', { name: 'What support can do' })).toBeVisible();
        const table = within(dialog()).getByRole('table', { name: 'Their permissions' });
        expect(within(table).getByRole('row', { name: 'Admin panel access' })).toHaveTextContent(
          `Admin panel access${world.desk}, role for support`,
        );
        expect(within(table).getByRole('row', { name: 'Tags' })).toHaveTextContent(`Tags${world.desk}`);
        expect(within(dialog()).getByLabelText('Administrator privileges')).toHaveTextContent(
          'Administrator privileges (set in their user record): none.',
        );
      },
    },
  };
}

describePaths('roleEditor machine paths (Role Management, real server)', roleEditorPlan, {
  before: () => createWorld(null),
  driver,
});

describePaths('roleEditor machine paths from a form kept across a reload (decision 042)', roleEditorDraftPlan, {
  before: () => createWorld(PLAN_DRAFT),
  driver,
});
