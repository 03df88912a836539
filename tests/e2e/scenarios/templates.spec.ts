// Template Settings (decision 052): the admin creates a template with a messy name and sees it
// saved collapsed, applies it to two accounts after reading what changes on each, and sees them
// follow it (2 accounts in the list). Support has no menu entry, gets the no-permission screen
// at /template_settings, and the server refuses its GET api/ts/ with 403.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { menuLabels, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const MESSY = '  Desk    Standard  2026 ';
const NAME = 'Desk Standard 2026';
const ACCOUNTS = ['Silverline Investments', 'Oakmont Securities'];
/**
 * What the dry run says of the template's DD limit (250) and named entity recognition (on) on each
 * account, from the settings server/db/seed-accounts.ts stores for it: Silverline has DD 50 and
 * NER off; Oakmont has both already, so neither is a change there.
 */
const EXPECTED: Record<string, { dd: string | null; ner: string | null }> = {
  'Silverline Investments': { dd: 'DD limit (documents a day): 50 → 250', ner: 'Named entity recognition: Off → On' },
  'Oakmont Securities': { dd: null, ner: null },
};

/** A GET made as the page makes its own (session cookie); answers the HTTP status. */
const getAsPage = (page: Page, urlPath: string) =>
  page.evaluate(async (urlPath) => (await fetch(urlPath, { credentials: 'include' })).status, urlPath);

export const scenario: Scenario = {
  name: 'Templates: a template with a messy name applied to two accounts after reading the changes',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const shot = (name: string) =>
      page.screenshot({ path: path.join(ARTIFACTS, 'templates', `${name}.png`), fullPage: true });
    await signIn(t, page, admin);
    const main = page.getByRole('main');

    await t.step('admin: New template with a messy name and a DD limit of 250', async () => {
      await page.goto(`${admin.server.url}/template_settings`);
      await main
        .getByRole('table', { name: 'Templates' })
        .getByRole('row', { name: 'Research Desk Standard' })
        .waitFor();
      await main.getByRole('button', { name: 'New template', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New template' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(MESSY);
      await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Standard desk limits for 2026');
      await dialog.getByRole('textbox', { name: 'DD limit (documents a day)', exact: true }).fill('250');
      await dialog.getByRole('checkbox', { name: 'Named entity recognition', exact: true }).click();
      await shot('1-new-template-form');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await main
        .getByRole('status', { name: 'Templates notice' })
        .filter({ hasText: `Template '${NAME}' created.` })
        .waitFor();
      const row = main.getByRole('table', { name: 'Templates' }).getByRole('row', { name: NAME, exact: true });
      await row.waitFor();
      checkEqual(
        await main.getByRole('cell', { name: `Accounts following ${NAME}` }).innerText(),
        '0',
        'nobody follows it yet',
      );
      await shot('2-template-created');
    });

    await t.step('admin: Apply — two accounts chosen, the changes read', async () => {
      await main.getByRole('button', { name: `Apply ${NAME}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Apply '${NAME}'` });
      for (const account of ACCOUNTS) {
        const field = dialog.getByRole('combobox', { name: 'Organization' });
        await field.fill(account.slice(0, 6));
        await page.getByRole('option', { name: new RegExp(account) }).click();
        await dialog.getByRole('list', { name: 'Chosen accounts' }).getByRole('listitem', { name: account }).waitFor();
      }
      await dialog.getByRole('button', { name: 'Show changes', exact: true }).click();
      for (const account of ACCOUNTS) {
        const changes = dialog.getByRole('list', { name: `Changes to ${account}` });
        await changes.waitFor();
        const text = await changes.innerText();
        const { dd, ner } = EXPECTED[account]!;
        check(
          dd ? text.includes(dd) : !text.includes('DD limit'),
          `${account}: the DD limit change is said (or none, when it has 250): ${text}`,
        );
        check(
          ner ? text.includes(ner) : !text.includes('Named entity recognition'),
          `${account}: NER is said (or none, when it is on): ${text}`,
        );
        check(text.includes(`Template it follows: None → ${NAME}`), `${account}: the template it will follow: ${text}`);
      }
      // Each account's card shows all it says; the list scrolls instead of squeezing the cards.
      const clipped = await dialog
        .getByRole('list', { name: 'Changes by account' })
        .evaluate((list) =>
          [...list.querySelectorAll('[role="listitem"]')]
            .filter((card) => card.scrollHeight > card.clientHeight + 1)
            .map((card) => card.getAttribute('aria-label')),
        );
      check(clipped.length === 0, `no account's changes are cut off: ${clipped.join(', ')}`);
      await shot('3-changes-read');
      await dialog.getByRole('button', { name: 'Apply to 2 accounts', exact: true }).click();
      await dialog
        .getByRole('status', { name: 'Apply outcome' })
        .filter({ hasText: `Template '${NAME}' applied to 2 accounts.` })
        .waitFor();
      check(
        (await dialog.getByRole('status', { name: 'Apply outcome' }).innerText()).includes('2 accounts follow it now.'),
        'two follow it',
      );
      await shot('4-applied');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    });

    await t.step('admin: the list says 2 accounts follow it', async () => {
      await main
        .getByRole('status', { name: 'Templates notice' })
        .filter({ hasText: `Template '${NAME}' applied to 2 accounts.` })
        .waitFor();
      await main
        .getByRole('cell', { name: `Accounts following ${NAME}` })
        .filter({ hasText: '2' })
        .waitFor();
      await shot('5-followers');
    });

    // Support, in a browser of its own.
    const browser = t.context.browser();
    if (!browser) throw new Error('no browser to open a second one from');
    const supportContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const supportPage = await supportContext.newPage();
    try {
      const support = t.world.account('app', 'support');
      await signIn(t, supportPage, support);
      await t.step(
        'support: no Template Settings in the menu, the no-permission screen at /template_settings',
        async () => {
          check(!(await menuLabels(supportPage)).includes('Template Settings'), 'no menu entry');
          await supportPage.goto(`${support.server.url}/template_settings`);
          await supportPage
            .getByRole('main')
            .getByRole('alert', { name: 'No permission' })
            .filter({ hasText: 'it needs the ‘Template settings’ permission' })
            .waitFor();
          await supportPage.screenshot({
            path: path.join(ARTIFACTS, 'templates', '6-support-refused.png'),
            fullPage: true,
          });
        },
      );
      await t.step('the server refuses support GET api/ts/ (403)', async () => {
        checkEqual(await getAsPage(supportPage, '/api/ts/'), 403, 'GET api/ts/');
      });
    } finally {
      await supportContext.close();
    }
  },
};
