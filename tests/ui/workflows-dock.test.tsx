// The live side panel: opened from a workflow's page, it stays in the corner while the person
// moves around the panel, lights the states of the machines running in the tab, and closes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { workflowDock } from '../../src/ui/workflows/dock-store';
import { closePanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;
let user: UserEvent;

beforeEach(async () => {
  workflowDock.close();
  server = await createTestServer();
  bridge = connectToServer(server);
  user = userEvent.setup();
});
afterEach(async () => {
  await closePanel(bridge, server);
  workflowDock.close();
});

async function signIn(features: string[]) {
  app = await openPanelAs(server, { username: 'watcher', features, user });
}

const dock = () => screen.queryByRole('complementary', { name: 'Live workflow: Session' });
const liveIn = (element: HTMLElement) =>
  [...element.querySelectorAll('[data-live]')].map((n) => n.getAttribute('data-state-node'));

describe('the live side panel', () => {
  it('keeps watching the session while the person uses another section', async () => {
    await signIn(['admin_panel_access', 'reports_dashboard_tab', 'workflows_tab']);
    await app!.router.navigate({ to: '/workflows/$machineId', params: { machineId: 'session' } });
    await user.click(await screen.findByRole('button', { name: 'Watch in side panel' }, { timeout: 20_000 }));
    expect(screen.getByText('Loading the live workflow panel…')).toBeInTheDocument();
    await waitFor(() => expect(dock()).not.toBeNull(), { timeout: 20_000 });

    await app!.router.navigate({ to: '/reports_dashboard' });
    await screen.findByRole('heading', { name: 'Reports Dashboard' });
    const panel = dock()!;
    expect(within(panel).getByRole('status')).toHaveTextContent('active › between beats › watching');
    expect(liveIn(panel)).toEqual([
      'session.active',
      'session.active.betweenBeats',
      'session.active.betweenBeats.watching',
    ]);

    bridge.hold(['/session_check']);
    app!.value.session.send({ type: 'session.recheck' });
    await waitFor(() => expect(liveIn(dock()!)).toEqual(['session.checking']));
    bridge.release();
    await waitFor(() => expect(liveIn(dock()!)).toContain('session.active.betweenBeats.watching'));

    await user.click(within(dock()!).getByRole('button', { name: 'Hide the diagram' }));
    expect(dock()!.querySelector('[data-state-node]')).toBeNull();
    await user.click(within(dock()!).getByRole('button', { name: 'Stop watching' }));
    expect(dock()).toBeNull();
    expect(sessionStorage.getItem('staff-console.workflow-dock')).toBeNull();
  });

  it('stays closed for a person without workflows_tab', async () => {
    workflowDock.open('session');
    await signIn(['admin_panel_access', 'reports_dashboard_tab']);
    await screen.findByRole('heading', { name: 'Welcome' });
    // Allowed, the panel would be on its way at once (its loading status) and then on screen.
    expect(screen.queryByText('Loading the live workflow panel…')).toBeNull();
    expect(dock()).toBeNull();
  });
});
