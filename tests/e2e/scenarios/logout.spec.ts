// Sign in by keyboard alone, then log out: the session ends in the page and on the server, and
// sections then send the visitor to /login.
import type { Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '../../../src/domain/session';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/domain/constants';
import { check, waitForPath } from '../harness/check';
import { loginForm, shell, signInByKeyboard } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedRoot } from '../harness/staff';

const storedSession = (page: Page) => page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);

/** Asks the server, as the page's own calls do (cookie + CSRF header), whether the session is valid. */
const serverSession = (page: Page) =>
  page.evaluate(
    async ({ cookie, header }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '';
      const res = await fetch('/session_check/', {
        method: 'POST',
        credentials: 'include',
        headers: { [header]: decodeURIComponent(csrf) },
      });
      const text = await res.text();
      return {
        valid: res.status === 200 && /"status"\s*:\s*true/.test(text),
        answer: `${res.status} ${text.slice(0, 200)}`,
      };
    },
    { cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );

export const scenario: Scenario = {
  name: 'Keyboard sign-in, then logout returns to /login and protects the sections',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const support = t.world.account('app', 'support');
    await signInByKeyboard(t, page, support);
    await t.step('signed in: session stored in the page and valid on the server', async () => {
      check((await storedSession(page)) !== null, `the page stores its session under ${SESSION_STORAGE_KEY}`);
      const probe = await serverSession(page);
      check(probe.valid, `session_check/ while signed in answered ${probe.answer}`);
    });
    await t.step("Logout: back on /login with the server's message", async () => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/logout_account/'),
        shell(page).logout.click(),
      ]);
      const { msg } = (await response.json()) as { msg: string };
      check(
        response.ok() && typeof msg === 'string' && msg.length > 0,
        `logout_account/ answered ${response.status()} with a message`,
      );
      await page.getByText(msg, { exact: true }).waitFor();
      await waitForPath(page, '/login');
      await loginForm(page).username.waitFor();
      check((await storedSession(page)) === null, 'the stored session is cleared');
    });
    await t.step('the server session is gone too', async () => {
      const probe = await serverSession(page);
      check(!probe.valid, `session_check/ after logout answered ${probe.answer}`);
    });
    await t.step(`a protected URL (${expectedRoot('support')}) redirects to /login`, async () => {
      await page.goto(`${support.server.url}${expectedRoot('support')}`);
      await waitForPath(page, '/login');
      check((await shell(page).logout.count()) === 0, 'no shell after logout');
    });
  },
};
