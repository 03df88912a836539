// Role Management (decision 050): support, signed in, cannot open Role Management or either Group
// Management (each page says which permission it needs) and the server refuses the roles call.
// Meanwhile the admin, in a browser of their own, creates a role with three permissions (Upload
// tags in bulk, Restrict broker access, Reports dashboard) and gives it to support; after its next
// request (a reload) support's menu offers the three sections. The admin then deletes the role:
// the server names support as its holder, the dialog asks, and support loses it again.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/domain/constants';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { menuLabels, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedMenu } from '../harness/staff';

const ROLE = 'Desk tools';
const NEW_SECTIONS = ['Segments & Tags', 'Reports Dashboard', 'Restrict Broker'];
const PERMISSIONS = ['Upload tags in bulk', 'Restrict broker access', 'Reports dashboard'];

/** A call made as the page makes its own (session cookie, CSRF header and field); answers the HTTP status. */
const postAsPage = (page: Page, urlPath: string) =>
  page.evaluate(
    async ({ cookie, header, urlPath }) => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '',
      );
      const res = await fetch(urlPath, {
        method: 'POST',
        credentials: 'include',
        headers: { [header]: csrf },
        body: new URLSearchParams({ csrfmiddlewaretoken: csrf }),
      });
      return res.status;
    },
    { cookie: CSRF_COOKIE, header: CSRF_HEADER, urlPath },
  );

export const scenario: Scenario = {
  name: 'Roles: a new role given to support opens its sections on the next request',
  servers: ['app'],
  async run(t) {
    const supportPage = t.page;
    const support = t.world.account('app', 'support');
    const admin = t.world.account('app', 'admin');
    await signIn(t, supportPage, support);

    for (const [where, needs] of [
      ['/user_roles', 'Role management'],
      ['/modify_groups', 'Group management'],
      ['/modify_groups_v2', 'Group management (v2)'],
    ] as const) {
      await t.step(`support cannot open ${where}: the page says it needs ‘${needs}’`, async () => {
        await supportPage.goto(`${support.server.url}${where}`);
        await supportPage
          .getByRole('main')
          .getByRole('alert', { name: 'No permission' })
          .filter({ hasText: `it needs the ‘${needs}’ permission` })
          .waitFor();
        check(new URL(supportPage.url()).pathname === where, `still at ${where}`);
        checkEqual(await menuLabels(supportPage), expectedMenu('support'), 'the menu stays as the seed gives it');
      });
    }
    await t.step('the server refuses support the roles call (403)', async () => {
      checkEqual(await postAsPage(supportPage, '/user/fetch_user_roles/'), 403, 'user/fetch_user_roles/');
      checkEqual(await postAsPage(supportPage, '/user/roles/create/'), 403, 'user/roles/create/');
    });

    // The admin works in a browser of their own (its own cookies); its pages are saved beside this scenario's.
    const browser = t.context.browser();
    if (!browser) throw new Error('no browser to open a second one from');
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const adminPage = await adminContext.newPage();
    const shot = (name: string) =>
      adminPage.screenshot({ path: path.join(ARTIFACTS, 'roles-admin', `${name}.png`), fullPage: true });
    try {
      await signIn(t, adminPage, admin);
      const main = adminPage.getByRole('main');
      await t.step('admin: New role with three permissions', async () => {
        await adminPage.goto(`${admin.server.url}/user_roles`);
        await main.getByRole('table', { name: 'Roles' }).getByRole('row', { name: 'Read-only auditor' }).waitFor();
        await main.getByRole('button', { name: 'New role', exact: true }).click();
        const dialog = adminPage.getByRole('dialog', { name: 'New role' });
        await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(ROLE);
        await dialog
          .getByRole('textbox', { name: 'Description', exact: true })
          .fill('Tags, broker restrictions and reports for the support desk');
        for (const label of ['Admin panel access', ...PERMISSIONS])
          await dialog.getByRole('checkbox', { name: label, exact: true }).click();
        await dialog.getByText('Broker Research also loads the flags of distributor tri.').waitFor();
        await shot('1-new-role-form');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await main
          .getByRole('status', { name: 'Roles notice' })
          .filter({ hasText: `Role '${ROLE}' created.` })
          .waitFor();
        const row = main.getByRole('table', { name: 'Roles' }).getByRole('row', { name: ROLE });
        await row.waitFor();
        checkEqual((await row.getByRole('cell').allInnerTexts())[0], '4', 'four permissions');
        await shot('2-role-created');
      });
      await t.step('admin: Holders — tick support', async () => {
        await main.getByRole('button', { name: `Holders of ${ROLE}`, exact: true }).click();
        const dialog = adminPage.getByRole('dialog', { name: `Holders of '${ROLE}'` });
        await dialog.getByRole('checkbox', { name: `support holds ${ROLE}`, exact: true }).click();
        await dialog
          .getByRole('status', { name: 'Holders notice' })
          .filter({ hasText: `Role '${ROLE}' given.` })
          .waitFor();
        await shot('3-given-to-support');
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();
        await main
          .getByRole('list', { name: 'Staff' })
          .getByRole('listitem', { name: 'support' })
          .filter({ hasText: ROLE })
          .waitFor();
      });
      await t.step('admin: what support can do, and through which role', async () => {
        await main.getByRole('button', { name: 'What support can do', exact: true }).click();
        const dialog = adminPage.getByRole('dialog', { name: 'What support can do' });
        const table = dialog.getByRole('table', { name: 'Their permissions' });
        for (const label of PERMISSIONS) {
          const row = table.getByRole('row', { name: label, exact: true });
          await row.waitFor();
          checkEqual((await row.getByRole('cell').allInnerTexts())[0], ROLE, label);
        }
        await dialog.getByLabel('Administrator privileges').waitFor();
        await shot('4-support-reach');
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      });

      await t.step('support, after a reload, sees the three new sections', async () => {
        await supportPage.reload();
        await shell(supportPage).logout.waitFor();
        const menu = await menuLabels(supportPage);
        for (const section of NEW_SECTIONS)
          check(menu.includes(section), `support's menu has ${section}: ${menu.join(', ')}`);
        check(!menu.includes('Role Management'), 'still no Role Management');
      });
      await t.step('support opens Restrict Broker', async () => {
        await supportPage.getByRole('navigation').getByRole('link', { name: 'Restrict Broker', exact: true }).click();
        await supportPage.getByRole('main').getByRole('heading', { name: 'Restrict Broker' }).waitFor();
        checkEqual(
          await supportPage.getByRole('main').getByRole('alert', { name: 'No permission' }).count(),
          0,
          'no permission message',
        );
      });

      await t.step('admin: deleting the role asks what happens to support, then takes it', async () => {
        await main.getByRole('button', { name: `Delete ${ROLE}`, exact: true }).click();
        const ask = adminPage.getByRole('alertdialog');
        await ask.getByRole('button', { name: 'Delete', exact: true }).click();
        await ask.getByRole('heading', { name: 'Staff hold this role' }).waitFor();
        checkEqual(
          await ask.getByRole('list', { name: 'Holders who lose the role' }).getByRole('listitem').allInnerTexts(),
          ['Sam Support (support)'],
          'the holders named',
        );
        await shot('5-holders-question');
        await ask.getByRole('button', { name: 'Delete and take it from them', exact: true }).click();
        await main
          .getByRole('status', { name: 'Roles notice' })
          .filter({ hasText: `Role '${ROLE}' deleted; support no longer hold it.` })
          .waitFor();
      });
      await t.step('support, on its next request, has its seeded menu again', async () => {
        await supportPage.reload();
        await supportPage
          .getByRole('main')
          .getByRole('alert', { name: 'No permission' })
          .filter({ hasText: 'it needs the ‘Restrict broker access’ permission' })
          .waitFor();
        checkEqual(await menuLabels(supportPage), expectedMenu('support'), 'the seeded menu');
      });
    } finally {
      await adminContext.close();
    }
  },
};
