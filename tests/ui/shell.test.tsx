// The shell's way around for people: an unknown address inside the shell (or /login without a
// session), and the skip link as the first stop of the keyboard.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createConsoleApp, type ConsoleApp } from '../../src/app';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { productNames } from '../../src/domain/product';
import { userFieldLabel } from '../../src/domain/user-labels';
import { SUPPORT_FEATURES } from '../support/login-world';
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

const pathname = () => app!.router.state.location.pathname;

async function signedIn() {
  const support = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
  app = openPanel('/login');
  await signInOnScreen(server, support);
  await waitFor(() => expect(pathname()).toBe('/user_list'));
}

describe('an address the panel does not know', () => {
  it('sends a visitor without a session to /login', async () => {
    app = openPanel('/no/such/page');
    expect(await screen.findByRole('textbox', { name: 'Username' })).toBeVisible();
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('shows a signed-in person "Page not found" inside the shell, with the menu and a way back', async () => {
    await signedIn();
    await app!.router.navigate({ href: '/no/such/page' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(main).toHaveTextContent('There is no page at /no/such/page.');
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    await userEvent.setup().click(within(main).getByRole('link', { name: 'Back to the start page' }));
    await waitFor(() => expect(pathname()).toBe('/user_list'));
  });

  it('keeps a section path with extra segments inside the shell too', async () => {
    await signedIn();
    await app!.router.navigate({ href: '/login/extra' });
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

describe('the skip link', () => {
  it('is the first thing the keyboard reaches and moves the focus to the page content', async () => {
    await signedIn();
    // Signing in lands on the page's heading (the arrival), which keeps it there until the person
    // acts; once they have (a key), from a fresh start the keyboard begins at the top.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'All Users' })).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('{Shift}');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(pathname()).toBe('/user_list');
  });
});

describe("the product's name", () => {
  it('comes from the settings the server puts in the page; the key stays on the wire', () => {
    createConsoleApp({
      config: { ...DEFAULT_APP_CONFIG, product_name: 'Acme Research' },
      history: createMemoryHistory({ initialEntries: ['/login'] }),
    });
    expect(userFieldLabel('product', 'owner')).toBe('Acme Research owner');
    expect(productNames('product')).toMatchObject({ key: 'product', owner: 'product_owner', name: 'Acme Research' });
    createConsoleApp({ config: DEFAULT_APP_CONFIG, history: createMemoryHistory({ initialEntries: ['/login'] }) });
    expect(userFieldLabel('product', 'owner')).toBe('Product owner');
  });
});

describe('the header on a narrower screen', () => {
  it("names the server's type beside the title", async () => {
    await signedIn();
    expect(within(screen.getByRole('banner')).getByText(DEFAULT_APP_CONFIG.server_type)).toHaveAttribute(
      'title',
      `Server type: ${DEFAULT_APP_CONFIG.server_type}`,
    );
  });

  it('opens the menu as a drawer from the Menu button; Escape closes it and the focus returns', async () => {
    await signedIn();
    const user = userEvent.setup();
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Sections' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sections' })).toBeNull());
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sections' })).getByRole('link', { name: 'All Users' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sections' })).toBeNull());
  });
});
