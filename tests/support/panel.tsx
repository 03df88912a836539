// The assembled panel (router, guards, shell, sections) on the test page (happy-dom) against the real server
// in-process, as the UI tests open it: a page load at an address, a sign-in through the form on
// screen, and the teardown that stops every panel a test opened.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { ConsoleRoot, createConsoleApp, type ConsoleApp } from '../../src/app';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import type { Staff } from './login-world';
import type { TestServer } from './server';
import type { ServerBridge } from './server-bridge';

/** Panels opened since the last closePanel, so a test that reloads the page leaves none running. */
const opened = new Set<ConsoleApp>();

/** A page load of the panel at `path`; `load` receives full page loads in place of the test page's location. */
export function openPanel(path: string, load: (to?: string) => void = () => {}): ConsoleApp {
  const app = createConsoleApp({
    config: DEFAULT_APP_CONFIG,
    history: createMemoryHistory({ initialEntries: [path] }),
    load,
  });
  opened.add(app);
  app.start();
  render(<ConsoleRoot app={app} />);
  return app;
}

/** Password, then the code once the form has moved the focus to its box, then the shell. */
export async function signInOnScreen(
  server: TestServer,
  staff: Staff,
  user: UserEvent = userEvent.setup(),
): Promise<void> {
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), staff.username);
  await user.type(screen.getByLabelText('Password'), `${staff.password}{Enter}`);
  const otp = await screen.findByRole('textbox', { name: 'One-time code' });
  await waitFor(() => expect(otp).toHaveFocus());
  await user.type(otp, `${server.totp(staff.totpSecret!)}{Enter}`);
  await screen.findByRole('button', { name: 'Logout' });
}

export interface PanelVisit {
  /** The account to create, holding exactly these features. */
  username: string;
  features: string[];
  /** Where to go once signed in (an href: a query is kept); where sign-in lands when absent. */
  path?: string;
  user?: UserEvent;
}

/** A new staff member signed in on the panel opened at /login, then at `path`. */
export async function openPanelAs(
  server: TestServer,
  { username, features, path, user }: PanelVisit,
): Promise<ConsoleApp> {
  const staff = await server.createStaff({ username, features, activated: true });
  const app = openPanel('/login');
  await signInOnScreen(server, staff, user);
  if (path) await act(async () => void (await app.router.navigate({ href: path })));
  return app;
}

/** Unmounts the page before stopping the actors its views read, then closes the server behind it. */
export async function closePanel(bridge: ServerBridge, server: TestServer): Promise<void> {
  cleanup();
  for (const app of opened) app.stop();
  opened.clear();
  bridge.disconnect();
  await server.close();
}
