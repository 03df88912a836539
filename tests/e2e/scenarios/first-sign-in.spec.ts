// The admin's first sign-in: QR activation, reload, sign-in with a fresh code, the root section,
// and a menu with every entry, each opening its own section.
import { MENU } from '../../../src/domain/menu';
import { MESSAGES } from '../../../src/domain/auth';
import { check, checkEqual, waitForPath } from '../harness/check';
import { activate, headerEmail, loginForm, menuLabels, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedMenu, expectedRoot } from '../harness/staff';

export const scenario: Scenario = {
  name: 'First sign-in with QR activation, then sign-in with a fresh code (admin)',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('app', 'admin');
    check(!admin.activated, 'the admin has not signed in before this scenario');
    await activate(t, page, admin);
    await t.step('reload /login', async () => {
      await page.reload();
      await waitForPath(page, '/login');
      await loginForm(page).username.waitFor();
    });
    await signIn(t, page, admin);
    await t.step('lands on the root section with the header and footer', async () => {
      await waitForPath(page, expectedRoot('admin'));
      check((await headerEmail(page)).startsWith('admin@'), 'the header shows the admin email');
      check(/©|copyright/i.test(await shell(page).footer.innerText()), 'the footer carries a copyright line');
    });
    await t.step('menu lists every entry', async () => {
      const labels = await menuLabels(page);
      checkEqual(labels, expectedMenu('admin'), 'admin menu');
      checkEqual(labels.length, MENU.length, 'admin menu size');
    });
    for (const entry of MENU) {
      await t.step(`menu: ${entry.label}`, async () => {
        await shell(page).menu.getByRole('link', { name: entry.label, exact: true }).click();
        await waitForPath(page, entry.path);
        await page.getByRole('main').getByRole('heading', { name: entry.label, exact: true }).waitFor();
        check(
          (await page.getByText(MESSAGES.renderFailure).count()) === 0,
          `${entry.label} opens without the error screen`,
        );
      });
    }
  },
};
