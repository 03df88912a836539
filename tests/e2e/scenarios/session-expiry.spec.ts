// An idle session: on a server with a short idle timeout (handed to the page too), the warning
// comes shortly before the end and 'Stay signed in' keeps the session; left alone, the session
// ends at the idle timeout (not later: the panel's own looks do not count as activity), the
// expiry message appears by itself, and the page returns to /login.
import { MESSAGES } from '../../../src/domain/auth';
import { SESSION_STORAGE_KEY } from '../../../src/domain/session';
import { idleWarningMs } from '../../../src/machines/session/session.machine';
import { check, waitForPath } from '../harness/check';
import { checkAddsNoHeight, loginForm, pageHeight, signIn, waitForMessage } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { SHORT_IDLE_ENV } from '../harness/world';
import { expectedRoot } from '../harness/staff';

const IDLE_SECONDS = Number(SHORT_IDLE_ENV.SESSION_IDLE_SECONDS);
const WARNING_SECONDS = idleWarningMs(IDLE_SECONDS * 1000) / 1000;

export const scenario: Scenario = {
  name: 'Idle session: warning, Stay signed in, then expiry at the idle timeout',
  servers: ['short-idle'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('short-idle', 'admin');
    // The idle time runs from the last call the server counts as activity: after the Login click,
    // the section's first read (sent as the section opens, decision 105). The panel's own looks
    // (session_check/ with activity=false) do not count.
    let lastActivity = Date.now();
    page.on('request', (request) => {
      const api = request.resourceType() === 'fetch' || request.resourceType() === 'xhr';
      const look = /name="activity"\s+false/.test(request.postData() ?? '');
      if (api && !look) lastActivity = Date.now();
    });
    await signIn(t, page, admin);
    const shellHeight = await t.step('signed in on the root section, session stored', async () => {
      await waitForPath(page, expectedRoot('admin'));
      check(
        (await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) !== null,
        'the session is stored',
      );
      return pageHeight(page);
    });
    let idleSince = lastActivity;
    const warning = page.getByRole('alertdialog', { name: 'Still there?' });
    await t.step('stay idle: the warning comes shortly before the idle end, Stay signed in focused', async () => {
      await warning.waitFor({ timeout: IDLE_SECONDS * 2_000 });
      const idle = (Date.now() - idleSince) / 1000;
      check(
        idle >= IDLE_SECONDS - WARNING_SECONDS - 1 && idle < IDLE_SECONDS,
        `the warning came after ${idle.toFixed(1)} s idle (timeout ${IDLE_SECONDS} s, warning ${WARNING_SECONDS} s before)`,
      );
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
      check(focused === 'Stay signed in', `focus is on ${JSON.stringify(focused)}, not Stay signed in`);
    });
    await t.step('Stay signed in: the warning closes and the session goes on', async () => {
      await warning.getByRole('button', { name: 'Stay signed in' }).click();
      idleSince = Date.now();
      await warning.waitFor({ state: 'hidden' });
    });
    const shownAs = await t.step(
      'stay idle again: the warning, then the expiry message at the idle timeout',
      async () => {
        await warning.waitFor({ timeout: IDLE_SECONDS * 2_000 });
        const shown = await waitForMessage(t, page, MESSAGES.sessionExpired, IDLE_SECONDS * 2_000);
        const idle = (Date.now() - idleSince) / 1000;
        // Before, the idle check renewed the session and the message came at twice the timeout.
        check(
          idle >= IDLE_SECONDS - 1 && idle < IDLE_SECONDS * 1.5,
          `the message came after ${idle.toFixed(1)} s idle; the timeout is ${IDLE_SECONDS} s`,
        );
        return shown;
      },
    );
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
