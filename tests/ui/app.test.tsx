// The whole panel (router, guards, shell, menu) on the test page (happy-dom) against the real server in-process.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { MESSAGES } from '../../src/domain/auth';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { MENU } from '../../src/domain/menu';
import { SESSION_STORAGE_KEY } from '../../src/domain/session';
import { readStoredSession } from '../../src/services/session-store';
import { apiClient } from '../support/api-client';
import { SUPPORT_FEATURES, type Staff } from '../support/login-world';
import { closePanel, openPanel, signInOnScreen } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
});
afterEach(() => closePanel(bridge, server));

const open = (path: string, load?: (to?: string) => void) => (app = openPanel(path, load));
const signIn = (staff: Staff) => signInOnScreen(server, staff);

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Sections' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
const pathname = () => app!.router.state.location.pathname;
/** The header's email line with its visually hidden label, as a screen reader reads it. */
const signedInAs = () => screen.getByText('Signed in as').parentElement!.textContent;

describe('the panel against the real server', () => {
  it('sends an unauthenticated visitor to /login', async () => {
    open('/user_roles');
    expect(await screen.findByRole('textbox', { name: 'Username' })).toBeVisible();
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('shows support exactly its two sections and opens All Users at the root', async () => {
    const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    open('/login');
    await signIn(support);
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    expect(menuLabels()).toEqual(['All Users', 'Create User']);
    expect(screen.getByRole('heading', { name: 'All Users' })).toBeVisible();
    expect(await screen.findByRole('searchbox', { name: 'Search users' })).toBeVisible();
    expect(signedInAs()).toBe(`Signed in as ${support.email}`);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/© \d{4} Staff Console/);
    expect(screen.queryByRole('button', { name: /redirect to/i })).toBeNull(); // no other server type allowed
    expect(readStoredSession()).toMatchObject({ isAuthenticated: true, info: { email: support.email } });
  });

  it('shows an administrator every section', async () => {
    const features = [...new Set(['admin_panel_access', ...MENU.map((e) => e.feature)])];
    const admin = await server.createStaff({
      username: 'admin',
      features,
      allowedSt: ['app', 'testing'],
      activated: true,
    });
    open('/login');
    await signIn(admin);
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    expect(menuLabels()).toEqual(MENU.map((e) => e.label));
    expect(screen.getByRole('button', { name: /redirect to/i })).toBeVisible();
  });

  it('says at a section’s address which permission it needs, when not granted (decision 050)', async () => {
    const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    open('/login');
    await signIn(support);
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    await app!.router.navigate({ to: '/redshift_configuration' });
    expect(await screen.findByRole('alert', { name: 'No permission' })).toHaveTextContent(
      'You do not have permission to open Redshift Configuration: it needs the ‘Redshift configuration’ permission.',
    );
    expect(pathname()).toBe('/redshift_configuration');
    expect(screen.getByRole('heading', { name: 'Redshift Configuration' })).toBeVisible();
  });

  it('opens group management at the root when user management is not granted', async () => {
    const staff = await server.createStaff({
      username: 'groups',
      features: ['admin_panel_access', 'group_mgmt', 'role_mgmt'],
      activated: true,
    });
    open('/login');
    await signIn(staff);
    await waitFor(() => expect(pathname()).toBe('/modify_groups'));
    await app!.router.navigate({ to: '/view_groups' });
    expect(await screen.findByText('Pick an organization to see its groups.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Groups' })).toBeVisible();
  });

  it('tells a person without user, group or role management which sections they can open', async () => {
    const staff = await server.createStaff({
      username: 'reports',
      features: ['admin_panel_access', 'reports_dashboard_tab'],
      activated: true,
    });
    open('/login');
    await signIn(staff);
    expect(await screen.findByText(/does not include user, group or role management/)).toBeVisible();
    expect(pathname()).toBe('/');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Reports Dashboard' })).toBeVisible();
  });

  it('keeps a signed-in person signed in across a page load, with a stored linked email shown', async () => {
    const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    open('/login');
    await signIn(support);
    app!.stop();
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...stored, linkedEmail: 'linked@other.test' }));
    document.body.innerHTML = '';
    open('/create_user');
    expect(await screen.findByRole('heading', { name: 'Create User' })).toBeVisible();
    expect(signedInAs()).toBe(`Signed in as ${'linked@other.test'}`);
  });

  it('keeps the shell behind the expiry message; OK clears local storage, then reloads', async () => {
    const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    const loads: (string | undefined)[] = [];
    open('/login', (to) => loads.push(to));
    await signIn(support);
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    bridge.cookies.delete(SESSION_COOKIE); // the server no longer knows this browser's session
    app!.value.session.send({ type: 'session.recheck' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.sessionExpired);
    // Behind the modal dialog (hidden from assistive technology meanwhile) the shell is as it was.
    const menu = screen.getByRole('navigation', { name: 'Sections', hidden: true });
    expect(
      within(menu)
        .getAllByRole('link', { hidden: true })
        .map((a) => a.textContent),
    ).toEqual(['All Users', 'Create User']);
    expect(signedInAs()).toBe(`Signed in as ${support.email}`);
    expect(screen.getByRole('button', { name: 'Logout', hidden: true })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(loads).toEqual([]);
    // One root theme, the page's: Radix sizes a root theme to the viewport, so the dialog's own
    // would add a second viewport below the footer (the browser suite measures the page).
    expect(document.querySelectorAll('.radix-themes[data-is-root-theme="true"]')).toHaveLength(1);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(localStorage.length).toBe(0);
    expect(loads).toEqual([undefined]);
  });

  it('a page load while the expiry message is up draws no signed-in shell: the check decides', async () => {
    const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    open('/login');
    await signIn(support);
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    bridge.cookies.delete(SESSION_COOKIE);
    app!.value.session.send({ type: 'session.recheck' });
    await screen.findByRole('alertdialog');
    expect(readStoredSession()).toBeNull(); // the entry is kept, its flag lowered
    // The person reloads by hand instead of answering the message.
    app!.stop();
    cleanup();
    bridge.hold(['/session_check/']);
    open('/user_list');
    await waitFor(() => expect(bridge.pending()).toBe(1));
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    bridge.release();
    expect(await screen.findByRole('textbox', { name: 'Username' })).toBeVisible();
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('on /redirect, signed in already: the page waits for the linked sign-in, then opens the root with the linked email stored', async () => {
    const account = { username: 'support', features: SUPPORT_FEATURES, allowedSt: ['app', 'testing'], activated: true };
    const support = await server.createStaff(account);
    const testing = await createTestServer({ config: { serverType: 'testing' } });
    try {
      const elsewhere = await testing.createStaff(account);
      open('/login');
      await signIn(support);
      await waitFor(() => expect(pathname()).toBe('/user_list'));
      app!.stop();
      cleanup();
      // 'Redirect to' on the other server type: its link opens this one.
      const other = apiClient(testing);
      await other.signIn(elsewhere);
      const token = await other.linkToken();
      const endLink = bridge.park('/login_with_mt_account/');
      open(`/redirect?token=${encodeURIComponent(token)}`);
      // The page's own check answers first, and finds the session good: the page stays.
      await waitFor(() => expect(app!.value.session.getSnapshot().hasTag('authenticated')).toBe(true));
      await waitFor(() => expect(bridge.pending()).toBe(1)); // only the linked sign-in is still out
      // A navigation started by that check would follow it within a task; none does.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(pathname()).toBe('/redirect');
      expect(screen.getByRole('status')).toHaveTextContent('Signing you in through your linked account');
      endLink();
      await waitFor(() => expect(pathname()).toBe('/user_list'));
      expect(readStoredSession()).toMatchObject({ isAuthenticated: true, linkedEmail: elsewhere.email });
      expect(signedInAs()).toBe(`Signed in as ${elsewhere.email}`);
    } finally {
      await testing.close();
    }
  });

  it('on /redirect without a token, signed in already: the root opens', async () => {
    const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    open('/login');
    await signIn(support);
    app!.stop();
    cleanup();
    open('/redirect');
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    expect(readStoredSession()).toMatchObject({ isAuthenticated: true, linkedEmail: null });
  });

  it('reads a hand-edited stored session as no session', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ isAuthenticated: true, info: { email: 1 } }));
    open('/user_list');
    expect(await screen.findByRole('textbox', { name: 'Username' })).toBeVisible();
  });

  it('logs out: storage cleared, the server message shown, back on /login', async () => {
    const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    open('/login');
    await signIn(support);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    // Other statuses may still be on screen while the logout is answered: wait for the banner's.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .map((e) => e.textContent)
          .join(' '),
      ).toMatch(/logged out/i),
    );
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(await screen.findByRole('textbox', { name: 'Username' })).toBeVisible();
  });
});
