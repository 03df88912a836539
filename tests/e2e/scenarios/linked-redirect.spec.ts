// Linked sign-in between two server types: from app's shell, 'Redirect to' → testing opens a new
// tab that arrives signed in on the testing server with the same admin email. A forged token is
// refused there first.
import { SESSION_STORAGE_KEY, type StoredSession } from '../../../src/domain/session';
import { check, checkEqual, pathOf, waitForPath } from '../harness/check';
import { checkAddsNoHeight, headerEmail, loginForm, pageHeight, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedRoot } from '../harness/staff';

/** The same token with one character of its signature changed. */
function forgeSignature(jwt: string): string {
  const [head, body, sig = ''] = jwt.split('.');
  const i = Math.floor(sig.length / 2);
  return `${head}.${body}.${sig.slice(0, i)}${sig[i] === 'A' ? 'B' : 'A'}${sig.slice(i + 1)}`;
}

export const scenario: Scenario = {
  name: 'Redirect to another server type signs in there (linked account)',
  servers: ['app', 'testing'],
  async run(t) {
    const { page, context } = t;
    const admin = t.world.account('app', 'admin');
    const testing = t.world.server('testing');
    await signIn(t, page, admin);
    const email = await t.step('signed in on app', async () => {
      await waitForPath(page, expectedRoot('admin'));
      return headerEmail(page);
    });
    const forgedTab = await t.step('a forged token is refused on the testing server', async () => {
      const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
      const token = stored ? (JSON.parse(stored) as StoredSession).info.jwt_token : '';
      check(token.split('.').length === 3, 'the app session holds a JWT');
      const tab = await context.newPage();
      await tab.goto(`${testing.url}/redirect?token=${encodeURIComponent(forgeSignature(token))}`);
      await tab.getByRole('alert').waitFor();
      check((await shell(tab).logout.count()) === 0, 'no shell after a forged token');
      return tab;
    });
    await t.step('its link leads to /login', async () => {
      await forgedTab.getByRole('link', { name: /sign in/i }).click();
      await waitForPath(forgedTab, '/login');
      await loginForm(forgedTab).username.waitFor();
    });
    await forgedTab.close();
    await t.step("open 'Redirect to': it lists the other server type", async () => {
      const before = await pageHeight(page);
      await shell(page).redirectTo.click();
      const items = (await page.getByRole('menuitem').allInnerTexts()).map((s) => s.trim().toLowerCase());
      checkEqual(items, ['testing'], "'Redirect to' choices");
      await checkAddsNoHeight(page, before, "with the 'Redirect to' menu open");
    });
    const tab = await t.step('choose testing: a new tab opens on the testing server', async () => {
      const [opened] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('menuitem', { name: /testing/i }).click(),
      ]);
      await opened.waitForURL((url) => url.origin === testing.url, { waitUntil: 'commit' });
      check(opened.url().includes('/redirect?token='), `the new tab opened ${opened.url()}`);
      return opened;
    });
    await t.step('the new tab lands signed in with the same email', async () => {
      await waitForPath(tab, expectedRoot('admin'), 30_000);
      await shell(tab).logout.waitFor();
      checkEqual(new URL(tab.url()).origin, testing.url, 'new tab origin');
      checkEqual(await headerEmail(tab), email, 'email on the testing server');
    });
    await t.step('the app tab is still signed in', async () => {
      await page.reload();
      await shell(page).logout.waitFor();
      checkEqual(pathOf(page), expectedRoot('admin'), 'app tab path after reload');
    });
  },
};
