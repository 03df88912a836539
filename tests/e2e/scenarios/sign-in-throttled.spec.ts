// Ten password attempts a minute from one network, whatever the names tried (decision 040): the
// eleventh is refused with HTTP 429 before any check, and the page says when to try again.
import { throttledMessage } from '../../../src/domain/auth';
import { check } from '../harness/check';
import { loginForm } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const LIMIT = 10;

export const scenario: Scenario = {
  name: 'Too many sign-in attempts from one network wait for Retry-After',
  servers: ['testing'],
  async run(t) {
    const { page } = t;
    const server = t.world.server('testing');
    const form = loginForm(page);
    const attempt = async (username: string) => {
      await form.username.fill(username);
      await form.password.fill('not a password');
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/login_account_new/' && r.request().method() === 'POST',
        ),
        form.password.press('Enter'),
      ]);
      return response;
    };
    await t.step('open /login', async () => {
      await page.goto(`${server.url}/login`);
      await form.username.waitFor();
    });
    await t.step(`${LIMIT} attempts with names nobody has are checked and refused`, async () => {
      for (let i = 0; i < LIMIT; i++) {
        const response = await attempt(`nobody-${i}`);
        check(response.status() === 200, `attempt ${i + 1} is checked (HTTP ${response.status()})`);
      }
    });
    await t.step('the next is refused with 429 and Retry-After; the page says when to try again', async () => {
      const response = await attempt('support');
      check(response.status() === 429, `HTTP 429 (got ${response.status()})`);
      const seconds = Number(response.headers()['retry-after']);
      check(seconds >= 1 && seconds <= 60, `Retry-After within the minute (got ${seconds})`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      const text = await alert.innerText();
      check(
        /^Too many sign-in attempts from this network\. Try again in \d+ seconds?\.$/.test(text.trim()),
        `the message says when (got '${text}')`,
      );
      check(text.trim() === throttledMessage(seconds), `the page waits as long as the server asked (${text})`);
      check(await page.getByRole('button', { name: 'Continue' }).isDisabled(), 'Continue waits');
    });
  },
};
