// An idle session expires: on a server with a 5-second idle timeout (handed to the page too), the
// expiry message appears by itself and the page returns to /login.
import { MESSAGES } from '../../../src/domain/auth';
import { SESSION_STORAGE_KEY } from '../../../src/domain/session';
import { check, waitForPath } from '../harness/check';
import { loginForm, signIn, waitForMessage } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedRoot } from '../harness/staff';

export const scenario: Scenario = {
  name: 'Idle session expires with the expiry message',
  servers: ['short-idle'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('short-idle', 'admin');
    await signIn(t, page, admin);
    await t.step('signed in on the root section', () => waitForPath(page, expectedRoot('admin')));
    const shownAs = await t.step('stay idle: the expiry message appears', () => waitForMessage(t, page, MESSAGES.sessionExpired, 30_000));
    if (shownAs === 'page') {
      // An in-page dialog is dismissed as a person would, by its button.
      await t.step('acknowledge the message', () => page.getByRole('alertdialog').getByRole('button').first().click());
    }
    await t.step('back on /login with the stored session cleared', async () => {
      await waitForPath(page, '/login');
      await loginForm(page).username.waitFor();
      check((await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) === null, 'the stored session is cleared');
    });
  },
};
