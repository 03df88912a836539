// An idle session expires: on a server with a short idle timeout (handed to the page too), the
// expiry message appears by itself once that time has passed, and the page returns to /login.
import { MESSAGES } from '../../../src/domain/auth';
import { SESSION_STORAGE_KEY } from '../../../src/domain/session';
import { check, waitForPath } from '../harness/check';
import { checkAddsNoHeight, loginForm, pageHeight, signIn, waitForMessage } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { SHORT_IDLE_ENV } from '../harness/world';
import { expectedRoot } from '../harness/staff';

const IDLE_SECONDS = Number(SHORT_IDLE_ENV.SESSION_IDLE_SECONDS);

export const scenario: Scenario = {
  name: 'Idle session expires with the expiry message',
  servers: ['short-idle'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('short-idle', 'admin');
    await signIn(t, page, admin);
    const idleSince = Date.now(); // the Login click was the last activity
    const shellHeight = await t.step('signed in on the root section, session stored', async () => {
      await waitForPath(page, expectedRoot('admin'));
      check(
        (await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) !== null,
        'the session is stored',
      );
      return pageHeight(page);
    });
    const shownAs = await t.step('stay idle: the expiry message appears', async () => {
      const shown = await waitForMessage(t, page, MESSAGES.sessionExpired, 30_000);
      const idle = (Date.now() - idleSince) / 1000;
      check(
        idle >= IDLE_SECONDS - 1,
        `the message came after ${idle.toFixed(1)} s idle, before the ${IDLE_SECONDS}-s timeout`,
      );
      return shown;
    });
    if (shownAs === 'page') {
      await t.step('the dialog adds nothing below the shell', () =>
        checkAddsNoHeight(page, shellHeight, 'with the expiry dialog open'),
      );
      // An in-page dialog is dismissed as a person would, by its button.
      await t.step('acknowledge the message', () => page.getByRole('alertdialog').getByRole('button').first().click());
    }
    await t.step('back on /login with the stored session cleared', async () => {
      await waitForPath(page, '/login');
      await loginForm(page).username.waitFor();
      check(
        (await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) === null,
        'the stored session is cleared',
      );
    });
  },
};
