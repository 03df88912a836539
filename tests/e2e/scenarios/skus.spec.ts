// SKU Configuration (decision 053): support, signed in, has no SKU Configuration in its menu; the
// page says which permission it needs and the server refuses the SKU list (403). The admin, in a
// browser of their own, creates a SKU (code typed in lower case, kept in capitals; Shareholder
// data brings Product Data with the §5 notice; it sets the export hits limit and Excel), assigns
// it to Silverline Investments after reading what changes there, and finds the account among its
// holders.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { menuLabels, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const CODE = 'DESK-ANALYTICS';
const ACCOUNT = 'Silverline Investments';

/** A GET made as the page makes its own (session cookie); answers the HTTP status. */
const getAsPage = (page: Page, urlPath: string) =>
  page.evaluate(async (urlPath) => (await fetch(urlPath, { credentials: 'include' })).status, urlPath);

export const scenario: Scenario = {
  name: 'SKUs: admin creates a SKU and assigns it after the preview; support is refused',
  servers: ['app'],
  async run(t) {
    const supportPage = t.page;
    const support = t.world.account('app', 'support');
    const admin = t.world.account('app', 'admin');
    await signIn(t, supportPage, support);

    await t.step('support has no SKU Configuration entry, and the page says what it needs', async () => {
      check(!(await menuLabels(supportPage)).includes('SKU Configuration'), 'no SKU Configuration in the menu');
      await supportPage.goto(`${support.server.url}/sku_configuration`);
      await supportPage
        .getByRole('main')
        .getByRole('alert', { name: 'No permission' })
        .filter({ hasText: 'it needs the ‘SKU configuration’ permission' })
        .waitFor();
      check(new URL(supportPage.url()).pathname === '/sku_configuration', 'still at /sku_configuration');
    });
    await t.step('the server refuses support the SKU list (403)', async () => {
      checkEqual(await getAsPage(supportPage, '/api/sku/'), 403, 'GET api/sku/');
    });

    const browser = t.context.browser();
    if (!browser) throw new Error('no browser to open a second one from');
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await adminContext.newPage();
    const shot = (name: string) =>
      adminPage.screenshot({ path: path.join(ARTIFACTS, 'skus-admin', `${name}.png`), fullPage: true });
    try {
      await signIn(t, adminPage, admin);
      const main = adminPage.getByRole('main');
      await t.step('admin: the seeded SKUs, the retired one among them', async () => {
        await adminPage.getByRole('navigation').getByRole('link', { name: 'SKU Configuration', exact: true }).click();
        const table = main.getByRole('table', { name: 'SKUs' });
        await table.getByRole('row', { name: 'RESEARCH-PRO' }).waitFor();
        await table.getByRole('row', { name: 'LEGACY-2019' }).filter({ hasText: 'Retired' }).waitFor();
        check(
          await main.getByRole('button', { name: 'Assign LEGACY-2019', exact: true }).isDisabled(),
          'a retired SKU cannot be assigned',
        );
        await shot('1-skus');
      });
      await t.step('admin: New SKU with a data plan and two settings', async () => {
        await main.getByRole('button', { name: 'New SKU', exact: true }).click();
        const dialog = adminPage.getByRole('dialog', { name: 'New SKU' });
        await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('desk-analytics');
        await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Desk analytics');
        await dialog
          .getByRole('textbox', { name: 'Description', exact: true })
          .fill('Exports and Excel for a trading desk');
        await dialog.getByRole('checkbox', { name: 'Shareholder data', exact: true }).click();
        await dialog
          .getByRole('status', { name: 'Data plan notice' })
          .filter({ hasText: 'to have shareholder data' })
          .waitFor();
        for (const setting of ['Export hits limit', 'Excel plug-in']) {
          await dialog.getByRole('combobox', { name: 'Add a setting' }).click();
          await adminPage.getByRole('option', { name: setting, exact: true }).click();
        }
        await dialog.getByRole('textbox', { name: 'Export hits limit', exact: true }).fill('1200');
        await dialog.getByRole('group', { name: 'Excel plug-in' }).getByRole('checkbox').click();
        await shot('2-new-sku-form');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await main
          .getByRole('status', { name: 'SKUs notice' })
          .filter({ hasText: `SKU '${CODE}' created.` })
          .waitFor();
        await main
          .getByRole('table', { name: 'SKUs' })
          .getByRole('row', { name: CODE })
          .filter({ hasText: 'Export hits limit: 1,200; Excel plug-in: On' })
          .waitFor();
      });
      await t.step(`admin: assign it to ${ACCOUNT} after reading what changes`, async () => {
        await main.getByRole('button', { name: `Assign ${CODE}`, exact: true }).click();
        const dialog = adminPage.getByRole('dialog', { name: `Assign '${CODE}'` });
        await dialog.getByRole('combobox', { name: 'Organization' }).fill('Silver');
        await adminPage.getByRole('option', { name: new RegExp(ACCOUNT) }).click();
        const changes = dialog.getByRole('table', { name: 'What changes' });
        await changes.getByRole('row', { name: 'Export hits limit', exact: true }).waitFor();
        // Now: what the account has (250 as seed-accounts.ts stores it, 50 once the templates scenario applied its template).
        const [now, after] = await changes
          .getByRole('row', { name: 'Export hits limit', exact: true })
          .getByRole('cell')
          .allInnerTexts();
        check(
          ['250', '50'].includes(now!) && after === '1,200',
          `export hits ${now} → ${after}: the account's limit, then the SKU's 1,200`,
        );
        checkEqual(
          await changes.getByRole('row', { name: 'Excel plug-in', exact: true }).getByRole('cell').allInnerTexts(),
          ['Off', 'On'],
          'Excel off → on',
        );
        await shot('3-assign-preview');
        await dialog.getByRole('button', { name: `Assign to ${ACCOUNT}`, exact: true }).click();
        await dialog
          .getByRole('status', { name: 'Assign notice' })
          .filter({ hasText: `SKU '${CODE}' assigned to ${ACCOUNT}.` })
          .waitFor();
        await shot('4-assigned');
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      });
      await t.step(`admin: ${ACCOUNT} is among the holders`, async () => {
        await main
          .getByRole('table', { name: 'SKUs' })
          .getByRole('row', { name: CODE })
          .filter({ has: adminPage.getByRole('cell', { name: '1', exact: true }) })
          .waitFor();
        await main.getByRole('button', { name: `Holders of ${CODE}`, exact: true }).click();
        const dialog = adminPage.getByRole('dialog', { name: `Accounts holding '${CODE}'` });
        await dialog
          .getByRole('table', { name: 'Holders' })
          .getByRole('row', { name: ACCOUNT })
          .filter({ hasText: 'admin' })
          .waitFor();
        await shot('5-holders');
      });
    } finally {
      await adminContext.close();
    }
  },
};
