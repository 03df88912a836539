// Account Settings (decision 051): the admin searches 'summit', opens Summit Ridge Capital, sets
// its OTD limit above its DD limit and sees the rule at the DD field before anything is sent, sets
// the DD limit above it, saves, reloads (the URL holds the account) and sees the saved values;
// then opens Meridian Equity Research and sees the retired SKU it holds, its code a link to SKU
// Configuration, and the link to Template Settings beside the template it follows.
// Support, in a browser of its own, has no Account Settings entry, gets the no-permission page at
// /account_settings, and the server refuses it GET api/as/ (403).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/domain/constants';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { menuLabels, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const ACCOUNT = 'Summit Ridge Capital';
/** Seeded holding the retired SKU LEGACY-2019 and following a template (seed-skus.ts, seed-templates.ts). */
const HOLDER = 'Meridian Equity Research';
const OTD = 'OTD limit (documents a day)';
const DD = 'DD limit (documents a day)';

const getAsPage = (page: Page, urlPath: string) =>
  page.evaluate(
    async ({ cookie, header, urlPath }) => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '',
      );
      const res = await fetch(urlPath, { credentials: 'include', headers: { [header]: csrf } });
      return res.status;
    },
    { cookie: CSRF_COOKIE, header: CSRF_HEADER, urlPath },
  );

export const scenario: Scenario = {
  name: 'Account settings: admin changes limits (dd/otd rule first), saves, reloads; support is refused',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const shot = (name: string) =>
      page.screenshot({ path: path.join(ARTIFACTS, 'account-settings', `${name}.png`), fullPage: true });
    await signIn(t, page, admin);
    const main = page.getByRole('main');

    await t.step(`admin searches 'summit' and opens ${ACCOUNT}`, async () => {
      await page.goto(`${admin.server.url}/account_settings`);
      await main.getByRole('status', { name: 'Accounts found' }).filter({ hasText: 'accounts; page 1.' }).waitFor();
      await main.getByRole('textbox', { name: 'Account name' }).fill('summit');
      await main.getByRole('button', { name: 'Search', exact: true }).click();
      await main
        .getByRole('status', { name: 'Accounts found' })
        .filter({ hasText: "1 account matching 'summit'" })
        .waitFor();
      await main.getByRole('button', { name: `Open ${ACCOUNT}` }).click();
      await main.getByRole('heading', { name: `Account Settings: ${ACCOUNT}` }).waitFor();
      check(new URL(page.url()).searchParams.has('account'), `the URL names the account: ${page.url()}`);
    });

    await t.step('OTD limit 500 above the DD limit: the rule shows at the DD field, nothing is sent', async () => {
      await main.getByRole('textbox', { name: OTD }).fill('500');
      await main.getByText('The DD limit must be greater than the OTD limit (500).').waitFor();
      checkEqual(
        await main.getByRole('textbox', { name: DD }).getAttribute('aria-invalid'),
        'true',
        'the DD field is marked',
      );
      await main.getByRole('button', { name: 'Save', exact: true }).click();
      await main
        .getByRole('alert', { name: 'Not saved' })
        .filter({ hasText: 'Nothing was saved: correct the fields marked below.' })
        .waitFor();
      await shot('1-dd-below-otd');
    });

    await t.step('DD limit 1000: saved', async () => {
      await main.getByRole('textbox', { name: DD }).fill('1000');
      check(
        (await main.getByText('The DD limit must be greater than the OTD limit (500).').count()) === 0,
        'the rule is met',
      );
      await main.getByRole('checkbox', { name: 'Multi term', exact: true }).click();
      await main.getByRole('button', { name: 'Save', exact: true }).click();
      await main
        .getByRole('status', { name: 'Account settings notice' })
        .filter({ hasText: `Settings of ${ACCOUNT} saved.` })
        .waitFor();
      await shot('2-saved');
    });

    await t.step('reload: the account opens again with the saved values', async () => {
      await page.reload();
      await main.getByRole('heading', { name: `Account Settings: ${ACCOUNT}` }).waitFor();
      checkEqual(await main.getByRole('textbox', { name: OTD }).inputValue(), '500', 'OTD limit');
      checkEqual(await main.getByRole('textbox', { name: DD }).inputValue(), '1000', 'DD limit');
      checkEqual(
        await main.getByRole('checkbox', { name: 'Multi term', exact: true }).getAttribute('aria-checked'),
        'true',
        'Multi term query bit',
      );
      await main.getByLabel('Saved state').filter({ hasText: 'Saved by admin' }).waitFor();
      await shot('3-after-reload');
    });

    await t.step(
      `${HOLDER}: the SKU it holds (retired) links to SKU Configuration, its template to Template Settings`,
      async () => {
        await main.getByRole('button', { name: 'Back to the accounts' }).click();
        await main.getByRole('textbox', { name: 'Account name' }).fill('meridian');
        await main.getByRole('button', { name: 'Search', exact: true }).click();
        await main
          .getByRole('status', { name: 'Accounts found' })
          .filter({ hasText: "1 account matching 'meridian'" })
          .waitFor();
        await main.getByRole('button', { name: `Open ${HOLDER}` }).click();
        await main.getByRole('heading', { name: `Account Settings: ${HOLDER}` }).waitFor();
        const held = main.getByRole('group', { name: 'SKUs it holds' });
        checkEqual(
          await held.getByRole('link', { name: 'LEGACY-2019' }).getAttribute('href'),
          '/sku_configuration',
          'the SKU code links to SKU Configuration',
        );
        check(
          ((await held.textContent()) ?? '').includes('retired'),
          `the retired SKU says so: ${await held.textContent()}`,
        );
        const template = main.getByRole('group', { name: 'Template it follows' });
        checkEqual(
          await template.getByRole('link', { name: 'Open in Template Settings' }).getAttribute('href'),
          '/template_settings',
          'the template link',
        );
        await held.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(ARTIFACTS, 'account-settings', '4-skus-and-template.png') });
      },
    );

    const browser = t.context.browser();
    if (!browser) throw new Error('no browser to open a second one from');
    const supportContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const supportPage = await supportContext.newPage();
    try {
      const support = t.world.account('app', 'support');
      await signIn(t, supportPage, support);
      await t.step('support: no Account Settings in the menu', async () => {
        const menu = await menuLabels(supportPage);
        check(!menu.includes('Account Settings'), `support's menu: ${menu.join(', ')}`);
      });
      await t.step('support at /account_settings: the page says it needs the Account settings permission', async () => {
        await supportPage.goto(`${support.server.url}/account_settings`);
        await supportPage
          .getByRole('main')
          .getByRole('alert', { name: 'No permission' })
          .filter({ hasText: 'it needs the ‘Account settings’ permission' })
          .waitFor();
        check(
          (await supportPage.getByRole('main').getByRole('table', { name: 'Accounts' }).count()) === 0,
          'no account list',
        );
      });
      await t.step('the server refuses support GET api/as/ (403)', async () => {
        checkEqual(await getAsPage(supportPage, '/api/as/'), 403, 'GET api/as/');
        checkEqual(await getAsPage(supportPage, '/api/as/?q=summit'), 403, 'GET api/as/?q=summit');
      });
    } finally {
      await supportContext.close();
    }
  },
};
