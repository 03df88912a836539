// Redshift Configuration (decision 054): the admin finds the seeded configuration (User Script on,
// Product ignored, last saved by admin), turns Account Script on and ticks User Type, saves and
// is told 'Redshift configuration saved Successfully'; after a reload the settings are kept and
// the page says who saved them and when. A change left unsaved comes back after a reload (the
// draft) and is put back with Discard changes. Support, in a browser of its own, has no menu entry,
// gets the section's no-permission screen at its address, and the server refuses its GET (403).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { menuLabels, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedMenu } from '../harness/staff';

// The time is the viewer's, its zone named.
const SAVED_AT =
  /^Last saved by admin@staff-console\.local at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \S+\.$/;

const ariaChecked = async (page: Page, role: 'switch' | 'checkbox', name: string) =>
  page.getByRole('main').getByRole(role, { name, exact: true }).getAttribute('aria-checked');

async function expectSettings(page: Page, want: Record<string, boolean>, what: string): Promise<void> {
  for (const [name, on] of Object.entries(want)) {
    const role = name === 'User Script' || name === 'Account Script' ? 'switch' : 'checkbox';
    checkEqual(await ariaChecked(page, role, name), String(on), `${what}: ${name}`);
  }
}

export const scenario: Scenario = {
  name: 'Redshift: admin saves the configuration; support is refused',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const support = t.world.account('app', 'support');
    await signIn(t, page, admin);
    const main = page.getByRole('main');
    const shot = (name: string) =>
      page.screenshot({ path: path.join(ARTIFACTS, 'redshift', `${name}.png`), fullPage: true });

    await t.step('admin opens Redshift Configuration from the menu: the seeded configuration', async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Redshift Configuration', exact: true }).click();
      await main.getByRole('heading', { name: 'Redshift Configuration' }).waitFor();
      await main.getByRole('form', { name: 'Redshift configuration' }).waitFor();
      await main.getByText('Ignore flag in user script', { exact: true }).waitFor();
      await expectSettings(
        page,
        { 'User Script': true, 'Account Script': false, 'Expire Time': false, Product: true, 'User Type': false },
        'seeded',
      );
      check(SAVED_AT.test(await main.getByLabel('Last saved').innerText()), 'the seed names admin as the last to save');
      check(await main.getByRole('button', { name: 'Save', exact: true }).isDisabled(), 'nothing to save yet');
      await shot('1-seeded');
    });

    await t.step(
      'admin turns Account Script on, ticks User Type, saves: "Redshift configuration saved Successfully"',
      async () => {
        await main.getByRole('switch', { name: 'Account Script', exact: true }).click();
        await main.getByRole('checkbox', { name: 'User Type', exact: true }).click();
        await shot('2-changed');
        await main.getByRole('button', { name: 'Save', exact: true }).click();
        await main
          .getByRole('status', { name: 'Redshift notice' })
          .filter({ hasText: 'Redshift configuration saved Successfully' })
          .waitFor();
        await shot('3-saved');
      },
    );

    await t.step('after a reload the settings are kept, with who saved them and when', async () => {
      await page.reload();
      await main.getByRole('form', { name: 'Redshift configuration' }).waitFor();
      await expectSettings(
        page,
        { 'User Script': true, 'Account Script': true, 'Expire Time': false, Product: true, 'User Type': true },
        'after the reload',
      );
      const said = await main.getByLabel('Last saved').innerText();
      check(SAVED_AT.test(said), `last saved line: ${said}`);
      await shot('4-reloaded');
    });

    await t.step('a change left unsaved comes back after a reload; Discard changes puts it back', async () => {
      await main.getByRole('checkbox', { name: 'Expire Time', exact: true }).click();
      await page.reload();
      await main.getByRole('form', { name: 'Redshift configuration' }).waitFor();
      checkEqual(await ariaChecked(page, 'checkbox', 'Expire Time'), 'true', 'the kept change');
      await main.getByRole('button', { name: 'Discard changes', exact: true }).click();
      checkEqual(await ariaChecked(page, 'checkbox', 'Expire Time'), 'false', 'put back');
      check(await main.getByRole('button', { name: 'Save', exact: true }).isDisabled(), 'nothing to save again');
    });

    // Support works in a browser of its own (its own cookies).
    const browser = t.context.browser();
    if (!browser) throw new Error('no browser to open a second one from');
    const supportContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const supportPage = await supportContext.newPage();
    try {
      await signIn(t, supportPage, support);
      await t.step('support has no Redshift Configuration in its menu', async () => {
        const menu = await menuLabels(supportPage);
        check(!menu.includes('Redshift Configuration'), `support's menu: ${menu.join(', ')}`);
        checkEqual(menu, expectedMenu('support'), 'the seeded menu');
      });
      await t.step(
        'support at /redshift_configuration: the page says it needs the ‘Redshift configuration’ permission',
        async () => {
          await supportPage.goto(`${support.server.url}/redshift_configuration`);
          await supportPage
            .getByRole('main')
            .getByRole('alert', { name: 'No permission' })
            .filter({ hasText: 'it needs the ‘Redshift configuration’ permission' })
            .waitFor();
          await shell(supportPage).logout.waitFor();
          checkEqual(
            await supportPage.getByRole('main').getByRole('form', { name: 'Redshift configuration' }).count(),
            0,
            'no Redshift form',
          );
          await supportPage.screenshot({
            path: path.join(ARTIFACTS, 'redshift', '5-support-no-permission.png'),
            fullPage: true,
          });
        },
      );
      await t.step('the server refuses support the GET (403)', async () => {
        const status = await supportPage.evaluate(
          async () => (await fetch('/fetch_redshift_configuration/', { credentials: 'include' })).status,
        );
        checkEqual(status, 403, 'GET fetch_redshift_configuration/');
      });
    } finally {
      await supportContext.close();
    }
  },
};
