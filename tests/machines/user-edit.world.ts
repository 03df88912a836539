// The world of the edit screen's path tests: a fresh in-process server with two organisations, an
// editor holding every feature signed in through the page's own fetch, and the user they edit
// (a staff member, Ada, signed in twice elsewhere so she has sessions to end). The page's tabs have
// machines of their own; their path tests open the tab first.
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createElement, type ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { waitFor as waitForActor, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { FEATURE_KEYS } from '../../src/domain/features';
import { createConsoleActors, type ConsoleActors } from '../../src/machines/live';
import { selectIsAuthenticated } from '../../src/machines/session/session.selectors';
import { loginAccount, verifyOtp } from '../../src/services/auth.service';
import { ConsoleContext } from '../../src/ui/console-context';
import { ThemeRoot } from '../../src/ui/theme-root';
import { UserEditCtx } from '../../src/sections/user-edit/user-edit-context';
import { UserEditPage } from '../../src/sections/user-edit/user-edit-page';
import { signIn } from '../server/support/sign-in';
import { flush, type Driver } from '../support/replay';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { tab } from '../support/tabs';

export const CALLS = {
  loadUser: '/user/fetch_users_by_account_id/',
  saveUser: '/user/update_account/',
  sendWelcome: '/user/send_welcome_email/',
  loadSessions: '/user/get_user_session',
  endSessions: '/user/kill_user_sessions',
  loadPrivileges: '/user/get_admin_priviliges/',
  savePrivileges: '/user/set_admin_priviliges/',
  loadOutbox: '/user/fetch_outbox/',
} as const;

export const NO_ANSWER = 'Error: no response from the server';

export interface EditWorld {
  server: TestServer;
  bridge: ServerBridge;
  user: UserEvent;
  editorName: string;
  /** Ada: the user being edited. */
  adaId: number;
  adaLastName: string;
  orgs: { northwind: number; granite: number };
  /** The user id the page opens (an unknown one to see "no such user"). */
  openId: number;
  actors?: ConsoleActors;
  edit?: AnyActorRef;
  /** Done once the page has loaded, just before a tab's path test opens its tab. */
  beforeTab?: () => Promise<void>;
}

export async function createEditWorld(features: readonly string[] = FEATURE_KEYS): Promise<EditWorld> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const server = await createTestServer();
  const bridge = connectToServer(server);
  const now = Date.now();
  const org = (name: string) =>
    server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: null, sf_acc_id: `ACC-${name.slice(0, 4)}`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  const orgs = { northwind: (await org('Northwind Capital')).id, granite: (await org('Granite Peak Partners')).id };
  await org('Blue Harbor Asset Management');

  const ada = await server.createStaff({
    username: 'ada',
    features: ['admin_panel_access', 'user_mgmt'],
    activated: true,
  });
  await server.db
    .updateTable('users')
    .set({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@northwind.example',
      organization_id: orgs.northwind,
      data_plan: JSON.stringify(['product_data']),
      flags: JSON.stringify({ researchreports: true, br_manager: true }),
      owner: 'editor',
    })
    .where('username', '=', 'ada')
    .execute();
  const adaId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'ada').executeTakeFirstOrThrow()
  ).id;
  // Ada is signed in on two devices (one code step each).
  await signIn(server, ada);
  vi.setSystemTime(Date.now() + 30_000);
  await signIn(server, ada);

  const editor = await server.createStaff({ username: 'editor', features: [...features], activated: true });
  vi.setSystemTime(Date.now() + 30_000);
  await loginAccount({ username: editor.username, password: editor.password });
  await verifyOtp({ username: editor.username, otp: server.totp(editor.totpSecret!) });
  return {
    server,
    bridge,
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    editorName: editor.username,
    adaId,
    adaLastName: 'Lovelace',
    orgs,
    openId: adaId,
  };
}

function Probe({ world }: { world: EditWorld }) {
  world.edit = UserEditCtx.useActorRef();
  return null;
}

/** The page as the route mounts it, once the session check has said who is signed in. */
export async function mountEditPage(world: EditWorld): Promise<void> {
  const config = { ...DEFAULT_APP_CONFIG, product_key: world.server.config.productKey };
  const actors = createConsoleActors(config, { navigate: () => {}, load: () => {} }, `/user_list/${world.openId}`);
  world.actors = actors;
  actors.banner.start();
  actors.session.start();
  await act(async () => void (await waitForActor(actors.session, selectIsAuthenticated, { timeout: 10_000 })));
  const page: ReactNode = createElement(UserEditPage, { userId: world.openId }, createElement(Probe, { world }));
  render(
    createElement(ThemeRoot, null, createElement(ConsoleContext.Provider, { value: { ...actors, config } }, page)),
  );
  await flush();
}

/** The page mounted and its user read: the form is on screen (the server answers from its own threads). */
export async function mountLoadedEditPage(world: EditWorld): Promise<void> {
  await mountEditPage(world);
  await until(() => !!screen.queryByRole('heading', { name: 'Ada Lovelace' }));
}

/**
 * What every path test on the edit page drives alike: the world's server and calls, and the page as
 * the route mounts it — for a dialog's machine, once the form is on screen (`loaded`).
 */
export function editPageDriver(
  world: EditWorld,
  machine: AnyStateMachine,
  actor: () => AnyActorRef,
  { loaded = false } = {},
): Pick<Driver<EditWorld>, 'machine' | 'bridge' | 'world' | 'calls' | 'actor' | 'mount'> {
  return {
    machine,
    bridge: world.bridge,
    world,
    calls: CALLS,
    actor,
    mount: () => (loaded ? mountLoadedEditPage(world) : mountEditPage(world)),
  };
}

/**
 * What a tab's path test drives: the tab's own machine (run by the page's machine while the tab is
 * open), on the page as the route mounts it with that tab opened.
 */
export function editTabDriver(
  world: EditWorld,
  machine: AnyStateMachine,
  tabName: string,
): ReturnType<typeof editPageDriver> {
  const child = () => world.edit!.getSnapshot().children[machine.id] as AnyActorRef;
  return {
    ...editPageDriver(world, machine, child),
    mount: async () => {
      await mountLoadedEditPage(world);
      await world.beforeTab?.();
      await openTab(world, tabName);
    },
  };
}

export async function closeEditWorld(world: EditWorld): Promise<void> {
  world.actors?.session.stop();
  world.actors?.banner.stop();
  world.bridge.disconnect();
  await world.server.close();
}

// ── what a person does ───────────────────────────────────────────────────
export const textbox = (name: string) => screen.getByRole('textbox', { name });
export const button = (name: string | RegExp) => screen.getByRole('button', { name });

export async function retype(world: EditWorld, name: string, value: string): Promise<void> {
  const box = textbox(name);
  await world.user.clear(box);
  await world.user.type(box, value);
}

/** Types into the organisation picker, waits out its debounce and the search, and clicks the match. */
export async function pickOrganization(world: EditWorld, query: string, name: string): Promise<void> {
  const field = screen.getByRole('combobox', { name: 'Organization' });
  await world.user.clear(field);
  await world.user.type(field, query);
  await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
  for (let i = 0; i < 200 && !screen.queryByRole('option', { name: new RegExp(name) }); i++) await flush();
  await world.user.click(screen.getByRole('option', { name: new RegExp(name) }));
}

/** Lets React and the server go on until `check` holds (or gives up; the assertions then say what is wrong). */
export async function until(check: () => boolean, tries = 400): Promise<void> {
  for (let i = 0; i < tries && !check(); i++) await flush();
}

export { tab };

/** Clicks a tab once it takes clicks (tabs stay still while the open one waits on the server). */
export async function openTab(world: EditWorld, name: string): Promise<void> {
  await until(() => !tab(name).hasAttribute('disabled'));
  await world.user.click(tab(name));
}

export const dialog = () => screen.getByRole('alertdialog');
export async function clickInDialog(world: EditWorld, name: string): Promise<void> {
  await world.user.click(within(dialog()).getByRole('button', { name }));
}

export function expectNoDialog(): void {
  expect(screen.queryByRole('alertdialog')).toBeNull();
}
