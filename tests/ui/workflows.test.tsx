// The Workflows section in the assembled panel, against the real server in-process: who sees it,
// the list, a diagram page with its details panel, Simulate (every state of sign-in reached, not a
// request sent), Live, the test plan and the exports.
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { buildModel } from '../../src/workflows/model';
import { allStates, allTransitions, planPaths } from '../../src/workflows/paths';
import { payloadWords, stateWords, stepWords } from '../../src/workflows/steps';
import { eventWords } from '../../src/workflows/words';
import { loginPlan } from '../../src/sections/login/login.plan';
import { findWorkflow, WORKFLOWS } from '../../src/machines/registry';
import { closePanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;
let user: UserEvent;
/** Every call the page makes, in order. */
let calls: string[];

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
  const viaServer = globalThis.fetch;
  calls = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(
      new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href)
        .pathname,
    );
    return viaServer(input, init);
  });
  user = userEvent.setup();
});
afterEach(() => closePanel(bridge, server));

/** Signed in, on the page sign-in lands on. */
async function signIn(features: string[], username = 'analyst'): Promise<void> {
  app = await openPanelAs(server, { username, features, user });
}

const ANALYST = ['admin_panel_access', 'workflows_tab'];
const pathname = () => app!.router.state.location.pathname;
const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Sections' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
const nodeOf = (id: string) => document.querySelector(`[data-state-node="${id}"]`);
const currentNodes = () =>
  [...document.querySelectorAll('[data-current]')].map((n) => n.getAttribute('data-state-node'));

async function openWorkflow(id: string) {
  await app!.router.navigate({ to: '/workflows/$machineId', params: { machineId: id } });
  await screen.findByRole('region', { name: `Diagram: ${findWorkflow(id)!.title}` }, { timeout: 20_000 });
}

describe('the Workflows section', () => {
  it('is all the analyst sees, and lists every registered workflow', async () => {
    await signIn(ANALYST);
    await waitFor(() => expect(menuLabels()).toEqual(['Workflows']));
    expect(pathname()).toBe('/');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Workflows' }),
    );
    const table = await screen.findByRole('table');
    expect(pathname()).toBe('/workflows');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(WORKFLOWS.map((w) => w.title));
    const login = rows[WORKFLOWS.findIndex((w) => w.id === 'login')]!;
    expect(
      within(login)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([findWorkflow('login')!.purpose, '9', '23']);
    await user.click(within(login).getByRole('link', { name: 'Sign-in' }));
    await screen.findByRole('region', { name: 'Diagram: Sign-in' }, { timeout: 20_000 });
    expect(pathname()).toBe('/workflows/login');
    expect(screen.getByRole('heading', { name: 'Sign-in', level: 2 })).toBeVisible();
  });

  it('is closed to staff without workflows_tab', async () => {
    await signIn(['admin_panel_access', 'user_mgmt'], 'support');
    // The address stays and says which permission it needs (decision 050); no diagram is drawn.
    await app!.router.navigate({ to: '/workflows/$machineId', params: { machineId: 'login' } });
    expect(await screen.findByRole('alert', { name: 'No permission' })).toHaveTextContent(
      'it needs the ‘Workflows’ permission',
    );
    expect(pathname()).toBe('/workflows/login');
    expect(menuLabels()).not.toContain('Workflows');
    await app!.router.navigate({ to: '/workflows' });
    await waitFor(() => expect(pathname()).toBe('/workflows'));
    expect(await screen.findByRole('alert', { name: 'No permission' })).toHaveTextContent(
      'You do not have permission to open Workflows',
    );
  });

  it('says so for a workflow that does not exist', async () => {
    await signIn(ANALYST);
    await app!.router.navigate({ to: '/workflows/$machineId', params: { machineId: 'noSuchMachine' } });
    expect(await screen.findByText(/There is no workflow named “noSuchMachine”/)).toBeVisible();
  });

  it('tells about a clicked state: tags, services, transitions out and the shortest way there', async () => {
    await signIn(ANALYST);
    await openWorkflow('login');
    await user.click(screen.getByRole('button', { name: /^verifying OTP/ }));
    const details = screen.getByRole('region', { name: 'verifying OTP' });
    expect(within(details).getByText('login.verifyingOtp')).toBeVisible();
    expect(
      within(details)
        .getAllByText(/^(locked|otp|busy)$/)
        .map((t) => t.textContent),
    ).toEqual(['locked', 'otp', 'busy']);
    expect(within(details).getByText('invokes verify OTP')).toBeVisible();
    expect(within(details).getByLabelText('Shortest path')).toHaveTextContent(
      'enter username and password → server accepts the password → enter OTP',
    );
    const out = within(details)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(out).toEqual([
      'verify OTP succeeds [is accepted] → signed in',
      'verify OTP succeeds [is blocked] → credentials',
      'verify OTP succeeds [otherwise] → OTP',
      'verify OTP fails → OTP',
    ]);
    expect(nodeOf('login.verifyingOtp')).toHaveAttribute('data-selected', 'true');
    // A target in the list opens that state's details.
    await user.click(within(details).getByRole('button', { name: 'signed in' }));
    expect(screen.getByRole('region', { name: 'signed in' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^credentials/ }));
    expect(
      within(screen.getByRole('region', { name: 'credentials' })).getByText('The workflow starts here.'),
    ).toBeVisible();
  });

  it('simulates sign-in through every state by clicking enabled events, without sending a request', async () => {
    await signIn(ANALYST);
    await openWorkflow('login');
    const entry = findWorkflow('login')!;
    const wording = buildModel(entry.machine, entry).wording;
    await user.click(screen.getByRole('switch', { name: 'Simulate' }));
    const panel = () => screen.getByRole('region', { name: 'Simulate' });
    const before = calls.length;
    const visited = new Set(currentNodes());
    expect(within(panel()).getByRole('status', { name: 'Simulated state' })).toHaveTextContent('Now in credentials');

    // Every generated path of the plan, clicked step by step from a reset.
    for (const path of planPaths(loginPlan)) {
      const reset = within(panel()).getByRole('button', { name: 'Reset' });
      if (!reset.hasAttribute('disabled')) await user.click(reset);
      for (const step of path.steps) {
        // A button names the step as the plan does, and the event it stands for or its payload.
        const label = stepWords(step.event, loginPlan, wording);
        const detail = step.outcome ? eventWords(step.event.type, wording) : payloadWords(step.event);
        await user.click(within(panel()).getByRole('button', { name: detail ? `${label} (${detail})` : label }));
        expect(within(panel()).getByRole('status', { name: 'Simulated state' })).toHaveTextContent(
          `Now in ${stateWords(step.state)}`,
        );
        currentNodes().forEach((n) => visited.add(n));
      }
      if (path.steps.length)
        expect(within(panel()).getByRole('list', { name: 'Simulation history' }).children).toHaveLength(
          path.steps.length,
        );
    }
    expect([...visited].sort()).toEqual(allStates(entry.machine).sort());
    expect(calls.slice(before)).toEqual([]);

    // The OTP state offers what a person and the server can do there, and Reset starts over.
    await user.click(within(panel()).getByRole('button', { name: 'Reset' }));
    await user.click(
      within(panel()).getByRole('button', {
        name: 'enter username and password (username "staff", password "correct horse")',
      }),
    );
    await user.click(
      within(panel()).getByRole('button', { name: 'server accepts the password (verify password succeeds)' }),
    );
    expect(currentNodes()).toEqual(['login.otp']);
    expect(
      within(panel())
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['A person or the page']);
    await user.click(within(panel()).getByRole('button', { name: 'Reset' }));
    expect(currentNodes()).toEqual(['login.credentials']);
    expect(within(panel()).getByText('None yet: the workflow is at its start.')).toBeVisible();
  });

  it('offers timers as events and several starting points', async () => {
    await signIn(ANALYST);
    await openWorkflow('session');
    await user.click(screen.getByRole('switch', { name: 'Simulate' }));
    const panel = () => screen.getByRole('region', { name: 'Simulate' });
    await user.click(within(panel()).getByRole('button', { name: 'valid (check session succeeds)' }));
    expect(currentNodes()).toContain('session.active.betweenBeats.watching');
    const timers = within(panel()).getByRole('group', { name: 'Time passes' });
    expect(
      within(timers)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['after 1 h recheck', 'after 30 s heartbeat']);
    await user.click(within(timers).getByRole('button', { name: 'after 30 s heartbeat' }));
    await user.click(within(panel()).getByRole('button', { name: 'person is active' }));
    expect(currentNodes()).toEqual(['session.active', 'session.active.beating']);
    expect(within(panel()).getByRole('combobox', { name: 'Starting point' })).toHaveTextContent('A page of the panel');
  });

  it('shows live where the running session machine of this tab is, as it moves', async () => {
    await signIn(ANALYST);
    await openWorkflow('session');
    expect(document.querySelectorAll('[data-live]')).toHaveLength(0);
    await user.click(screen.getByRole('switch', { name: 'Live' }));
    const live = () => [...document.querySelectorAll('[data-live]')].map((n) => n.getAttribute('data-state-node'));
    expect(live()).toEqual(['session.active', 'session.active.betweenBeats', 'session.active.betweenBeats.watching']);
    expect(screen.getByRole('list', { name: 'Running machines' })).toHaveTextContent(
      'active › between beats › watching',
    );
    // A re-check on its way lights up 'checking' until the server answers.
    bridge.hold(['/session_check']);
    app!.value.session.send({ type: 'session.recheck' });
    await waitFor(() => expect(live()).toEqual(['session.checking']));
    bridge.release();
    await waitFor(() =>
      expect(live()).toEqual(['session.active', 'session.active.betweenBeats', 'session.active.betweenBeats.watching']),
    );
    await user.click(screen.getByRole('switch', { name: 'Live' }));
    expect(live()).toEqual([]);
  });

  it('lists the test plan CI walks, with its coverage', async () => {
    await signIn(ANALYST);
    await openWorkflow('login');
    await user.click(screen.getByRole('tab', { name: /^Test plan/ }));
    const entry = findWorkflow('login')!;
    expect(
      await screen.findByText(
        `States reached: ${allStates(entry.machine).length} of ${allStates(entry.machine).length}`,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        `Transitions taken: ${allTransitions(entry.machine).length} of ${allTransitions(entry.machine).length}`,
      ),
    ).toBeVisible();
    const paths = within(screen.getByRole('list', { name: 'Paths: Sign-in at /login' })).getAllByRole('listitem');
    expect(paths).toHaveLength(planPaths(loginPlan).length);
    expect(paths.map((p) => p.textContent)).toContain(
      'credentials → enter username and password → verifying password → server accepts the password → OTP → enter OTP → verifying OTP → server accepts the OTP → signed in',
    );
  });

  it('exports the SVG and Mermaid files that docs/workflows holds', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | null = null;
    // The test page does not download: the file handed to the browser is kept here.
    URL.createObjectURL = (b: Blob) => ((blob = b), 'blob:export');
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blob! });
    });
    await signIn(ANALYST);
    await openWorkflow('login');
    for (const [i, item] of ['SVG image', 'Mermaid text (.mmd)'].entries()) {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: item }));
      await waitFor(() => expect(saved).toHaveLength(i + 1));
    }
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['login.svg', 'login.mmd']));
    expect(await saved[0]!.blob.text()).toBe(readFileSync('docs/workflows/login.svg', 'utf8'));
    expect(saved[0]!.blob.type).toBe('image/svg+xml');
    expect(await saved[1]!.blob.text()).toBe(readFileSync('docs/workflows/login.mmd', 'utf8'));
    await user.click(screen.getByRole('tab', { name: /^Mermaid/ }));
    expect(screen.getByLabelText('Mermaid text').textContent).toBe(readFileSync('docs/workflows/login.mmd', 'utf8'));
    click.mockRestore();
  });

  it('pans and zooms with the buttons, and fits the whole diagram', async () => {
    await signIn(ANALYST);
    await openWorkflow('session');
    const scale = () => Number(document.querySelector('[data-scale]')!.getAttribute('data-scale'));
    const first = scale();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(scale()).toBeCloseTo(first * 1.25, 2);
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(scale()).toBeCloseTo(first / 1.25, 2);
    await user.click(screen.getByRole('button', { name: 'Actual size' }));
    expect(scale()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Fit to view' }));
    expect(scale()).toBeLessThan(1);
    const canvas = screen.getByRole('region', { name: 'Diagram: Session' });
    const before = document.querySelector('[data-scale]')!.getAttribute('transform');
    canvas.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.querySelector('[data-scale]')!.getAttribute('transform')).not.toBe(before);
  });

  it('opens a large diagram readable on its start, finds a state by part of its name, selects it and centres it', async () => {
    await signIn(ANALYST);
    await openWorkflow('userCreate');
    const view = () => {
      const [x, y, scale] = document
        .querySelector('[data-scale]')!
        .getAttribute('transform')!
        .match(/-?[\d.]+/g)!
        .map(Number);
      return { x: x!, y: y!, scale: scale! };
    };
    const centreOf = (id: string) => {
      const rect = nodeOf(id)!.querySelector(':scope > rect')!;
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
      const v = view();
      return { x: (x! + w! / 2) * v.scale + v.x, y: (y! + h! / 2) * v.scale + v.y };
    };
    // Too large to fit with readable text: 100 %, the start state in view, the overview shown.
    expect(view().scale).toBe(1);
    expect(screen.getByRole('group', { name: 'Overview' })).toBeInTheDocument();
    const search = screen.getByRole('combobox', { name: 'Find a state' });
    await user.type(search, 'nowhere at all{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('No state matches “nowhere at all”.');
    const target = buildModel(findWorkflow('userCreate')!.machine).nodes.at(-1)!;
    await user.clear(search);
    await user.type(search, `${target.title}{Enter}`);
    expect(screen.getByRole('button', { name: new RegExp(`^${target.title}`), pressed: true })).toBeInTheDocument();
    // The canvas is 900 × 560 on the test page (nothing has a size): the state's centre is its middle.
    const centre = centreOf(target.id);
    expect(centre.x).toBeCloseTo(450, 0);
    expect(centre.y).toBeCloseTo(280, 0);
    expect(await screen.findByRole('region', { name: target.title })).toBeVisible();
  });
});
