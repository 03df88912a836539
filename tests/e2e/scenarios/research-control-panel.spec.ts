// Broker Research, Control Panel and User Submission (decision 056). The admin, who holds
// tri_submittor, opens Broker Research: the Control Panel shows the product's and Refinitiv's
// research flags, each with its meaning, and the new submissions waiting. The admin turns
// Requests off for the product, saves, reloads and finds it saved with their name; follows the
// link to User Submission filtered to New and publishes one. Then the admin gives the analyst the
// seeded role 'Broker research desk' (Broker research without Refinitiv submitter) in Role
// Management; the analyst, in a browser of their own, sees only the product's flags and the server
// refuses them dist=tri (403); the admin takes the role back and the analyst's menu is as seeded.
// Support, in a third browser, has no Broker Research: no menu entry, the page names the missing
// permission, and the server refuses its calls (403).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { RESEARCH_FLAG_KEYS, RESEARCH_FLAG_LABELS } from '../../../src/domain/broker-research';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/domain/constants';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { menuLabels, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedMenu } from '../harness/staff';

const DESK_ROLE = 'Broker research desk';
const SHOTS = path.join(ARTIFACTS, 'research-control-panel');

/** A call as the page makes its own (session cookie, CSRF header); answers the HTTP status. */
const callAsPage = (page: Page, method: string, urlPath: string) =>
  page.evaluate(
    async ({ cookie, header, method, urlPath }) => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '',
      );
      const res = await fetch(urlPath, {
        method,
        credentials: 'include',
        headers: method === 'GET' ? {} : { [header]: csrf },
        body: method === 'GET' ? undefined : new URLSearchParams({ csrfmiddlewaretoken: csrf }),
      });
      return res.status;
    },
    { cookie: CSRF_COOKIE, header: CSRF_HEADER, method, urlPath },
  );

/** The names of the flag forms on the Control Panel, in order. */
const flagForms = async (page: Page) => {
  const forms = page.getByRole('main').getByRole('form');
  await forms.first().waitFor();
  return (await forms.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).filter((n) =>
    n.endsWith('research flags'),
  );
};

export const scenario: Scenario = {
  name: 'Broker Research control panel: flags per distributor, tri only with tri_submittor, a submission published; support refused',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const analyst = t.world.account('app', 'analyst');
    const support = t.world.account('app', 'support');
    await signIn(t, page, admin);
    const main = page.getByRole('main');
    const shot = (p: Page, name: string, fullPage = true) =>
      p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
    let productForm = '';

    await t.step(
      'admin opens Broker Research: the Control Panel shows the product’s and Refinitiv’s flags, and the submissions waiting',
      async () => {
        await page.getByRole('navigation').getByRole('link', { name: 'Broker Research', exact: true }).click();
        await main.getByRole('heading', { name: 'Broker Research' }).waitFor();
        const forms = await flagForms(page);
        checkEqual(forms.length, 2, `two sets of flags: ${forms.join(', ')}`);
        productForm = forms[0]!;
        checkEqual(forms[1], 'Refinitiv research flags', 'Refinitiv second');
        for (const name of forms) {
          const form = main.getByRole('form', { name });
          for (const key of RESEARCH_FLAG_KEYS)
            await form.getByRole('switch', { name: RESEARCH_FLAG_LABELS[key].label, exact: true }).waitFor();
          await form.getByText(RESEARCH_FLAG_LABELS.mifid_enforced.meaning).waitFor();
        }
        const waiting = await main.getByLabel('New submissions').innerText();
        check(/^[\d,]+ new submissions? waits? for review\.$/.test(waiting), `the count: ${waiting}`);
        await shot(page, '1-control-panel');
      },
    );

    await t.step('admin turns Requests off for the product and saves', async () => {
      const form = main.getByRole('form', { name: productForm });
      const requests = form.getByRole('switch', { name: 'Requests', exact: true });
      checkEqual(await requests.getAttribute('aria-checked'), 'true', 'Requests on as seeded');
      await requests.click();
      await form.getByText('Not saved').waitFor();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await form
        .getByRole('status')
        .filter({ hasText: /^Research flags of .+ saved\.$/ })
        .waitFor();
      await shot(page, '2-saved');
    });

    await t.step('after a reload Requests is still off, saved by admin', async () => {
      await page.reload();
      const form = main.getByRole('form', { name: productForm });
      await form.waitFor();
      checkEqual(
        await form.getByRole('switch', { name: 'Requests', exact: true }).getAttribute('aria-checked'),
        'false',
        'Requests after the reload',
      );
      const said = await form.getByLabel(/last saved$/).innerText();
      check(/^Last saved by admin at /.test(said), `last saved: ${said}`);
      checkEqual(
        await main
          .getByRole('form', { name: 'Refinitiv research flags' })
          .getByRole('switch', { name: 'Requests', exact: true })
          .getAttribute('aria-checked'),
        'true',
        'Refinitiv’s untouched',
      );
    });

    await t.step('the link opens User Submission filtered to New; admin publishes the newest', async () => {
      await main.getByRole('link', { name: 'Review new submissions', exact: true }).click();
      const url = new URL(page.url());
      checkEqual([url.searchParams.get('tab'), url.searchParams.get('status')], ['user_submission', 'new'], 'the URL');
      const table = main.getByRole('table', { name: 'Submissions' });
      await table.waitFor();
      checkEqual(
        await main
          .getByRole('radiogroup', { name: 'Status' })
          .getByRole('radio', { name: 'New', exact: true })
          .getAttribute('aria-checked'),
        'true',
        'New chosen',
      );
      const first = table.getByRole('row').nth(1);
      const title = (await first.getAttribute('aria-label')) ?? '';
      checkEqual(await first.getByLabel('Status').innerText(), 'New', 'the first row waits');
      await shot(page, '3-new-submissions', false);
      await first.getByRole('button', { name: 'Publish', exact: true }).click();
      await main
        .getByRole('status', { name: 'Submission notice' })
        .filter({ hasText: `Published. ${title}` })
        .waitFor();
      // The row keeps its place until the list is read again (titles may repeat).
      const row = table.getByRole('row').nth(1);
      checkEqual(await row.getByLabel('Status').innerText(), 'Published', 'the row');
      await row.getByText('by admin').waitFor();
      await shot(page, '4-published', false);
      // A title search beside the status: every row holds the word, the URL keeps both.
      const word = title.split(' ').at(-1) ?? title;
      await main
        .getByRole('searchbox', { name: 'Search submissions' })
        .or(main.getByRole('textbox', { name: 'Title' }))
        .fill(word);
      await main.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('q') === word && u.searchParams.get('status') === 'new');
      await table.getByRole('row').nth(1).waitFor();
      const titles = await table
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((r) => r.getAttribute('aria-label') ?? ''));
      check(
        titles.length > 0 && titles.every((x) => x.toLowerCase().includes(word.toLowerCase())),
        `rows for '${word}': ${titles.join(' | ')}`,
      );
      await page.getByRole('navigation').getByRole('link', { name: 'Broker Research', exact: true }).click();
      await main.getByRole('form', { name: productForm }).waitFor();
    });

    // The analyst works in a browser of their own; the admin gives them, then takes back, the desk role.
    const browser = t.context.browser();
    if (!browser) throw new Error('no browser to open a second one from');
    const holders = async (hold: boolean) => {
      await page.getByRole('navigation').getByRole('link', { name: 'Role Management', exact: true }).click();
      await main.getByRole('button', { name: `Holders of ${DESK_ROLE}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Holders of '${DESK_ROLE}'` });
      const box = dialog.getByRole('checkbox', { name: `analyst holds ${DESK_ROLE}`, exact: true });
      if ((await box.getAttribute('aria-checked')) !== String(hold)) {
        await box.click();
        await dialog
          .getByRole('status', { name: 'Holders notice' })
          .filter({ hasText: hold ? `Role '${DESK_ROLE}' given.` : `Role '${DESK_ROLE}' taken away.` })
          .waitFor();
      }
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    };
    const analystContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const analystPage = await analystContext.newPage();
    try {
      await t.step(
        `admin gives the analyst '${DESK_ROLE}' (Broker research, no Refinitiv submitter) in Role Management`,
        async () => {
          await holders(true);
        },
      );
      await t.step('the analyst sees only the product’s flags; the server refuses them Refinitiv’s (403)', async () => {
        await signIn(t, analystPage, analyst);
        await analystPage.goto(`${analyst.server.url}/broker_research`);
        await analystPage.getByRole('main').getByRole('form', { name: productForm }).waitFor();
        checkEqual(await flagForms(analystPage), [productForm], 'one set of flags');
        checkEqual(
          await callAsPage(analystPage, 'GET', '/api/researchreports/brflags/?dist=tri'),
          403,
          'GET brflags/?dist=tri',
        );
        checkEqual(
          await callAsPage(analystPage, 'GET', '/api/researchreports/brflags/?dist=product'),
          200,
          'GET brflags/?dist=product',
        );
        await shot(analystPage, '5-analyst-product-only');
      });
    } finally {
      await t.step(`admin takes '${DESK_ROLE}' back; the analyst’s menu is as seeded`, async () => {
        await holders(false);
        await analystPage.reload();
        await shell(analystPage).logout.waitFor();
        checkEqual(await menuLabels(analystPage), expectedMenu('analyst'), 'the seeded menu');
      });
      await analystContext.close();
    }

    const supportContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const supportPage = await supportContext.newPage();
    try {
      await signIn(t, supportPage, support);
      await t.step('support has no Broker Research in its menu', async () => {
        const menu = await menuLabels(supportPage);
        check(!menu.includes('Broker Research'), `support's menu: ${menu.join(', ')}`);
        checkEqual(menu, expectedMenu('support'), 'the seeded menu');
      });
      await t.step('support at /broker_research: the page says it needs the ‘Broker research’ permission', async () => {
        await supportPage.goto(`${support.server.url}/broker_research`);
        await supportPage
          .getByRole('main')
          .getByRole('alert', { name: 'No permission' })
          .filter({ hasText: 'it needs the ‘Broker research’ permission' })
          .waitFor();
        checkEqual(await supportPage.getByRole('main').getByRole('form').count(), 0, 'no flags');
        await shot(supportPage, '6-support-no-permission');
      });
      await t.step('the server refuses support every Control Panel and User Submission call (403)', async () => {
        for (const [method, url] of [
          ['GET', '/api/researchreports/brflags/?dist=product'],
          ['PUT', '/api/researchreports/brflags/'],
          ['GET', '/api/researchreports/get_new_researchreports/'],
          ['GET', '/api/researchreports/user_submissions/'],
          ['POST', '/api/researchreports/user_submissions/review/'],
        ] as const)
          checkEqual(await callAsPage(supportPage, method, url), 403, `${method} ${url}`);
      });
    } finally {
      await supportContext.close();
    }
  },
};
