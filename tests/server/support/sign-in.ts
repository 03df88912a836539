// Signing in through the API, step by step, as the panel does.
import { expect } from 'vitest';
import type { TestServer } from '../../support/server';
import { Browser } from './browser';

export interface Staff {
  username: string;
  password: string;
  email: string;
  totpSecret?: string;
}

/** Password step then code step for an activated account; answers the signed-in browser. */
export async function signIn(server: TestServer, staff: Staff, browser = new Browser(server)): Promise<Browser> {
  if (!staff.totpSecret) throw new Error(`${staff.username} has no activated TOTP secret`);
  await browser.open();
  const login = await browser.postJson('/login_account_new/', { username: staff.username, password: staff.password });
  expect(login).toMatchObject({ status: true, first_time_login: false });
  const otp = await browser.postJson('/login_tfa_new/', {
    username: staff.username,
    otp: server.totp(staff.totpSecret),
  });
  expect(otp).toEqual({ status: true });
  return browser;
}

/** A browser that has passed only the password step. */
export async function passwordStep(server: TestServer, staff: Staff, browser = new Browser(server)): Promise<Browser> {
  await browser.open();
  const login = await browser.postJson('/login_account_new/', { username: staff.username, password: staff.password });
  expect(login['status']).toBe(true);
  return browser;
}

export const PANEL = ['admin_panel_access'];
