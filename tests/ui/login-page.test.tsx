// The sign-in page's own words and inputs, in the assembled panel against the real server: the
// note after two-step activation (/login?activated), and a code box that takes digits only.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUPPORT_FEATURES } from '../support/login-world';
import { closePanel, openPanel } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
});
afterEach(() => closePanel(bridge, server));

const ACTIVATED_NOTE = 'Two-step sign-in is active. Sign in with a fresh code.';

describe('the sign-in page', () => {
  it('says two-step sign-in is active when opened after activation, until the person signs in', async () => {
    openPanel('/login?activated');
    expect(await screen.findByRole('status')).toHaveTextContent(ACTIVATED_NOTE);
    const staff = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated: true });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), staff.username);
    await user.type(screen.getByLabelText('Password'), `${staff.password}{Enter}`);
    await screen.findByRole('textbox', { name: 'One-time code' });
    expect(screen.queryByText(ACTIVATED_NOTE)).toBeNull();
  });

  it('says nothing of activation on a plain /login', async () => {
    openPanel('/login');
    await screen.findByRole('textbox', { name: 'Username' });
    expect(screen.queryByText(ACTIVATED_NOTE)).toBeNull();
  });

  it.each([
    ['the code step', true, 'Login'],
    ['activation', false, 'Activate'],
  ])('keeps digits only in the code box of %s, typed or pasted', async (_step, activated, button) => {
    const staff = await server.createStaff({ username: 'support', features: SUPPORT_FEATURES, activated });
    openPanel('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), staff.username);
    await user.type(screen.getByLabelText('Password'), `${staff.password}{Enter}`);
    const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'One-time code' });
    expect(screen.getByRole('button', { name: button })).toBeVisible();
    expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(box).toHaveAttribute('pattern', '[0-9]{6}');
    expect(box).toHaveAttribute('maxlength', '6');
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, '1a2b-3 4x5O6');
    expect(box.value).toBe('123456');
    await user.clear(box);
    await user.paste('987 654');
    expect(box.value).toBe('987654');
    await user.clear(box);
    await user.paste('code: 12-34-56-78');
    expect(box.value).toBe('123456');
  });
});
