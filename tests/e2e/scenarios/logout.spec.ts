// Logout ends the session in the page and on the server; sections then send the visitor to /login.
import { SESSION_STORAGE_KEY } from '../../../src/domain/session';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/domain/constants';
import { check, waitForPath } from '../harness/check';
import { loginForm, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedRoot } from '../harness/staff';

export const scenario: Scenario = {
  name: 'Logout returns to /login and protects the sections',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const support = t.world.account('app', 'support');
    await signIn(t, page, support);
    await t.step("Logout: back on /login with the server's message", async () => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/logout_account/'),
        shell(page).logout.click(),
      ]);
      const { msg } = await response.json() as { msg: string };
      check(response.ok() && typeof msg === 'string' && msg.length > 0, `logout_account/ answered ${response.status()} with a message`);
      await page.getByText(msg, { exact: true }).waitFor();
      await waitForPath(page, '/login');
      await loginForm(page).username.waitFor();
      check((await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) === null, 'the stored session is cleared');
    });
    await t.step('the server session is gone too', async () => {
      const reply = await page.evaluate(async ({ cookie, header }) => {
        const csrf = document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`))?.split('=')[1] ?? '';
        const res = await fetch('/session_check/', { method: 'POST', credentials: 'include', headers: { [header]: csrf } });
        return { status: res.status, body: await res.text() };
      }, { cookie: CSRF_COOKIE, header: CSRF_HEADER });
      check(!(reply.status === 200 && /"status"\s*:\s*true/.test(reply.body)), `session_check/ after logout answered ${reply.status} ${reply.body}`);
    });
    await t.step(`a protected URL (${expectedRoot('support')}) redirects to /login`, async () => {
      await page.goto(`${support.server.url}${expectedRoot('support')}`);
      await waitForPath(page, '/login');
      check((await shell(page).logout.count()) === 0, 'no shell after logout');
    });
  },
};
