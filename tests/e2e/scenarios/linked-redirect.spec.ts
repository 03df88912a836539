// Linked sign-in between two server types: from app's shell, 'Redirect to' → testing opens a new
// tab that arrives signed in on the testing server with the same admin email.
import { check, checkEqual, pathOf, waitForPath } from '../harness/check';
import { headerEmail, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedRoot } from '../harness/staff';

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
    await t.step("open 'Redirect to': it lists the other server type", async () => {
      await shell(page).redirectTo.click();
      const items = (await page.getByRole('menuitem').allInnerTexts()).map((s) => s.trim().toLowerCase());
      checkEqual(items, ['testing'], "'Redirect to' choices");
    });
    const tab = await t.step('choose testing: a new tab opens on the testing server', async () => {
      const [opened] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: /testing/i }).click()]);
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
