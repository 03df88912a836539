// What a person sees and does on /login and in the shell, by role and accessible name.
import type { Page, Response } from 'playwright-core';
import { MESSAGES } from '../../../src/domain/auth';
import { Authenticator } from './authenticator';
import { check, CheckFailed, eventually, pathOf, waitForPath } from './check';
import type { ScenarioContext } from './scenario';
import type { Account } from './world';

/** A base32 setup key as people read it: 16+ characters, plain or in groups of four. */
const SETUP_KEY = /^(?:[A-Z2-7]{4} ){3,}[A-Z2-7]{1,4}=*$|^[A-Z2-7]{16,}=*$/;

export function loginForm(page: Page) {
  return {
    username: page.getByRole('textbox', { name: /username/i }),
    password: page.getByLabel(/^password$/i),
    otpHeading: page.getByRole('heading', { name: 'Enter OTP' }),
    otp: page.getByRole('textbox', { name: /one-time code|otp/i }),
    qrCode: page.getByRole('img', { name: /qr/i }),
    /** The key under its visible 'Setup key' label, which names the group holding both. */
    setupKey: page.getByRole('group', { name: 'Setup key', exact: true }).getByText(SETUP_KEY),
    activate: page.getByRole('button', { name: 'Activate', exact: true }),
    login: page.getByRole('button', { name: 'Login', exact: true }),
  };
}

export function shell(page: Page) {
  const header = page.getByRole('banner');
  return {
    header,
    menu: page.getByRole('navigation'),
    redirectTo: page.getByRole('button', { name: /redirect to/i }),
    logout: page.getByRole('button', { name: 'Logout', exact: true }),
    footer: page.getByRole('contentinfo'),
  };
}

const isCall = (name: string) => (response: Response) =>
  new URL(response.url()).pathname.replace(/\/$/, '').endsWith(name) && response.request().method() === 'POST';

/** Opens /login on the account's server and submits username and password (Enter, as on a keyboard). */
export async function submitPassword(page: Page, account: Account, password = account.password): Promise<Response> {
  if (new URL(page.url()).origin !== account.server.url || new URL(page.url()).pathname !== '/login') {
    await page.goto(`${account.server.url}/login`);
  }
  const form = loginForm(page);
  await form.username.fill(account.username);
  await form.password.fill(password);
  const [response] = await Promise.all([
    page.waitForResponse(isCall('login_account_new')),
    form.password.press('Enter'),
  ]);
  return response;
}

/** First sign-in: reads the setup key from the page, activates, and waits for the reload to /login. */
export async function activate(t: ScenarioContext, page: Page, account: Account): Promise<void> {
  const form = loginForm(page);
  await t.step(`${account.username}: username and password on first sign-in`, async () => {
    await submitPassword(page, account);
    await form.otpHeading.waitFor();
    await form.qrCode.waitFor();
    await form.activate.waitFor();
  });
  // Its screenshot shows the QR code, the key and the typed code: taken before Activate reloads the page.
  await t.step(`${account.username}: QR code and setup key shown, code entered`, async () => {
    for (const [box, name] of [
      [form.username, 'username'],
      [form.password, 'password'],
    ] as const) {
      check(!(await box.isEditable()), `the ${name} field is locked after the password step`);
    }
    const qrLoaded = await form.qrCode.evaluate(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
    );
    check(qrLoaded, 'the QR code image has loaded');
    const key = ((await form.setupKey.first().textContent()) ?? '').trim();
    account.authenticator = new Authenticator(key);
    const code = await account.authenticator.nextCode();
    await form.otp.pressSequentially('a1 -');
    check((await form.otp.inputValue()) === '1', 'the code box keeps digits only');
    await form.otp.fill(code);
    check((await form.otp.inputValue()) === code, 'the code is in the box');
  });
  await t.step(`${account.username}: Activate reloads /login`, async () => {
    // A mark on the window tells a real reload (mark gone) from a reset of the form (mark kept).
    await page.evaluate(() => Object.assign(window, { beforeActivation: true }));
    const [response] = await Promise.all([page.waitForResponse(isCall('ap_activate_tfa')), form.activate.click()]);
    check(response.ok(), `ap_activate_tfa answered HTTP ${response.status()}`);
    await eventually(
      'the page reloaded after activation',
      async () => (await page.evaluate(() => !('beforeActivation' in window)).catch(() => false)) || undefined,
    );
    await waitForPath(page, '/login');
    await form.username.waitFor();
    check(await form.username.isEditable(), 'the reloaded /login starts again with an editable username field');
    check((await form.otpHeading.count()) === 0, 'the reloaded /login shows no OTP box');
    await page
      .getByRole('status')
      .filter({ hasText: 'Two-step sign-in is active. Sign in with a fresh code.' })
      .waitFor();
  });
}

/**
 * Signs in with password and a fresh code; activates first when this account never signed in.
 * With `wrongCodeFirst`, a wrong code is tried first and must be refused with 'Incorrect OTP'.
 */
export async function signIn(
  t: ScenarioContext,
  page: Page,
  account: Account,
  opts: { wrongCodeFirst?: boolean } = {},
): Promise<void> {
  if (!account.authenticator) await activate(t, page, account);
  const authenticator = account.authenticator!;
  const code = await freshCode(t, authenticator);
  const form = loginForm(page);
  await t.step(`${account.username}: username and password`, async () => {
    await submitPassword(page, account);
    await form.otpHeading.waitFor();
    await form.login.waitFor();
    check((await form.qrCode.count()) === 0, 'no QR code once two-step sign-in is active');
  });
  if (opts.wrongCodeFirst) {
    await t.step(`${account.username}: wrong code refused`, async () => {
      await form.otp.fill(authenticator.wrongCode());
      const [response] = await Promise.all([page.waitForResponse(isCall('login_tfa_new')), form.login.click()]);
      check(response.ok(), `login_tfa_new answered HTTP ${response.status()}`);
      await page.getByText(MESSAGES.badOtp, { exact: true }).waitFor();
      check(pathOf(page) === '/login', 'still on /login after a wrong code');
      await form.otpHeading.waitFor();
    });
  }
  // Two steps, so a screenshot shows the code in its box before Login leaves the page.
  await t.step(`${account.username}: fresh code entered`, async () => {
    await form.otp.fill(code);
    check((await form.otp.inputValue()) === code, 'the code is in the box');
  });
  await t.step(`${account.username}: Login opens the panel`, () => expectCodeAccepted(page, () => form.login.click()));
}

/** Keyboard only: type into the focused boxes, Enter to submit; focus must move to the OTP box. */
export async function signInByKeyboard(t: ScenarioContext, page: Page, account: Account): Promise<void> {
  if (!account.authenticator) await activate(t, page, account);
  const code = await freshCode(t, account.authenticator!);
  const form = loginForm(page);
  const focused = (box: typeof form.username, what: string) =>
    eventually(
      `focus on ${what}`,
      async () => (await box.evaluate((el) => el === document.activeElement)) || undefined,
      5_000,
    );
  await t.step(`${account.username}: username, Tab, password, Enter`, async () => {
    await page.goto(`${account.server.url}/login`);
    await focused(form.username, 'the username box on load');
    await page.keyboard.type(account.username);
    await page.keyboard.press('Tab');
    await focused(form.password, 'the password box after Tab');
    await page.keyboard.type(account.password);
    await Promise.all([page.waitForResponse(isCall('login_account_new')), page.keyboard.press('Enter')]);
    await form.otpHeading.waitFor();
    await focused(form.otp, 'the OTP box once the password is accepted');
  });
  await t.step(`${account.username}: code typed`, async () => {
    await page.keyboard.type(code);
    check((await form.otp.inputValue()) === code, 'the code is in the focused box');
  });
  await t.step(`${account.username}: Enter opens the panel`, () =>
    expectCodeAccepted(page, () => page.keyboard.press('Enter')),
  );
}

/** Submits the code; the server must accept it and the page must leave /login for the shell. */
async function expectCodeAccepted(page: Page, submit: () => Promise<void>): Promise<void> {
  const [response] = await Promise.all([page.waitForResponse(isCall('login_tfa_new')), submit()]);
  const reply = await response.text();
  check(
    response.ok() && /"status"\s*:\s*true/.test(reply),
    `login_tfa_new/ refused a fresh code: HTTP ${response.status()} ${reply}`,
  );
  await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
  await shell(page).logout.waitFor();
}

/** The next unused code; the wait for a fresh 30-s step happens before any session exists. */
async function freshCode(t: ScenarioContext, authenticator: Authenticator): Promise<string> {
  const started = Date.now();
  const code = await authenticator.nextCode();
  const waited = Date.now() - started;
  if (waited > 1_000) t.note(`waited ${(waited / 1000).toFixed(1)} s for a fresh TOTP step`);
  return code;
}

/** Waits for a message shown as a native alert or as text on the page. */
export async function waitForMessage(
  t: ScenarioContext,
  page: Page,
  text: string,
  timeout = 15_000,
): Promise<'alert' | 'page'> {
  return eventually(
    `the message '${text}'`,
    async () => {
      if (t.dialogs(page).some((d) => d.message.includes(text))) return 'alert' as const;
      if (await page.getByText(text, { exact: true }).first().isVisible()) return 'page' as const;
      return undefined;
    },
    timeout,
  );
}

/** Labels of the left menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const links = shell(page).menu.getByRole('link');
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((label) => label.trim());
}

/** The email the header shows. */
export async function headerEmail(page: Page): Promise<string> {
  const text = await shell(page).header.innerText();
  const email = /[^\s@]+@[^\s@]+\.[^\s@]+/.exec(text)?.[0];
  if (!email) throw new CheckFailed(`no email in the header: ${JSON.stringify(text)}`);
  return email;
}

/** The document's height, at least the viewport's (the shell fills the window). */
export async function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.scrollingElement?.scrollHeight ?? 0, window.innerHeight));
}

/**
 * An open dialog or menu adds nothing below the page (a full-page screenshot shows no band under
 * the footer): the document is as high as it was before it opened.
 */
export async function checkAddsNoHeight(page: Page, before: number, what: string): Promise<void> {
  const height = await pageHeight(page);
  check(height === before, `${what}: the page is ${height} px high, ${before} px before`);
}
