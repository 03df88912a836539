// A user's Notebook tab (decision 065). The admin opens the first demo user (the managed user
// whose notebook the seed set: a weekly digest), opens Notebook: the version against this
// deployment's rule and the setting as saved. They choose As it happens plus Bookmarks; a reload
// before saving keeps the choice; they save, reload, and find it stored. Support, in a browser of
// its own, sees the same tab read only, and the server refuses its save (403).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { check, checkEqual } from '../harness/check';
import { inOtherBrowser } from '../harness/other-browser';
import { firstManagedUsers, postFromPage } from '../harness/page-calls';
import { signIn } from '../harness/pages';
import { ARTIFACTS } from '../harness/paths';
import type { Scenario } from '../harness/scenario';
import { editPage } from '../harness/user-pages';

const SHOTS = path.join(ARTIFACTS, 'notebook');

function notebookTab(page: Page) {
  const main = page.getByRole('main');
  return {
    tab: main.getByRole('tab', { name: 'Notebook', exact: true }),
    version: main.getByLabel('Notebook version', { exact: true }),
    radio: (name: string) =>
      main.getByRole('radiogroup', { name: 'How often' }).getByRole('radio', { name, exact: true }),
    content: (name: string) =>
      main.getByRole('group', { name: 'About', exact: true }).getByRole('checkbox', { name, exact: true }),
    lastSaved: main.getByLabel('Last saved', { exact: true }),
    save: main.getByRole('button', { name: 'Save notifications', exact: true }),
    notice: main.getByRole('status', { name: 'Notebook notice' }),
    templates: main.getByRole('list', { name: 'Templates' }),
  };
}

/** The user's page with the Notebook tab open and read. */
async function openNotebook(page: Page, url: string): Promise<ReturnType<typeof notebookTab>> {
  await page.goto(url);
  await editPage(page).firstName.waitFor();
  const nb = notebookTab(page);
  await nb.tab.click();
  await nb.version.waitFor();
  return nb;
}

export const scenario: Scenario = {
  name: "Notebook: admin changes a user's notebook notifications, a draft and the save survive a reload; support reads only and is refused the save",
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const support = t.world.account('app', 'support');
    await signIn(t, page, admin);
    const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const [firstUser] = await firstManagedUsers(page, 1);
    if (!firstUser) throw new Error('no managed user in the list');
    const userId = firstUser.id;
    const url = `${admin.server.url}/user_list/${userId}`;

    await t.step(
      "admin opens the first demo user's Notebook: the version rule and the weekly digest the seed saved",
      async () => {
        const nb = await openNotebook(page, url);
        const version = await nb.version.innerText();
        check(/Notebook v[12] · switcher (on|off)/.test(version), `the user's version: ${version}`);
        check(
          version.includes('New accounts on app start on v2; the switcher is off'),
          `the deployment's rule: ${version}`,
        );
        check(await nb.radio('Weekly digest').isChecked(), 'Weekly digest chosen');
        check(await nb.content('Notes').isChecked(), 'about notes');
        check(!(await nb.content('Bookmarks').isChecked()), 'not about bookmarks');
        check(
          (await nb.lastSaved.innerText()).startsWith('Last saved by admin on '),
          `who saved: ${await nb.lastSaved.innerText()}`,
        );
        check((await nb.templates.getByRole('listitem').count()) > 0, 'the template library listed');
        check(await nb.save.isDisabled(), 'nothing to save yet');
        await shot(page, '1-notebook');
      },
    );

    await t.step('admin chooses As it happens plus Bookmarks; a reload before saving keeps the choice', async () => {
      let nb = notebookTab(page);
      await nb.radio('As it happens').click();
      await nb.content('Bookmarks').click();
      check(await nb.save.isEnabled(), 'Save offered');
      await shot(page, '2-changed');
      nb = await openNotebook(page, url);
      check(await nb.radio('As it happens').isChecked(), 'As it happens still chosen after the reload');
      check(await nb.content('Bookmarks').isChecked(), 'Bookmarks still ticked after the reload');
      check(await nb.save.isEnabled(), 'still to be saved');
      await shot(page, '3-draft-after-reload');
    });

    await t.step('admin saves; after a reload the setting is stored, saved by them', async () => {
      let nb = notebookTab(page);
      await nb.save.click();
      await nb.notice.filter({ hasText: 'Notebook settings saved.' }).waitFor();
      check(await nb.save.isDisabled(), 'nothing left to save');
      nb = await openNotebook(page, url);
      check(await nb.radio('As it happens').isChecked(), 'As it happens stored');
      check(
        (await nb.content('Bookmarks').isChecked()) && (await nb.content('Notes').isChecked()),
        'Bookmarks added to what was there',
      );
      check(
        (await nb.lastSaved.innerText()).startsWith(`Last saved by ${admin.username} on `),
        `who saved: ${await nb.lastSaved.innerText()}`,
      );
      check(await nb.save.isDisabled(), 'no draft left after the save');
      await shot(page, '4-saved-after-reload');
    });

    await t.step(
      'support, in a browser of its own, sees the Notebook tab read only; the server refuses its save (403)',
      async () => {
        await inOtherBrowser(t, support, async (other) => {
          const nb = await openNotebook(other, `${support.server.url}/user_list/${userId}`);
          check(await nb.radio('As it happens').isChecked(), 'support sees the stored setting');
          check(await nb.radio('Daily digest').isDisabled(), 'the choices cannot be changed');
          checkEqual(
            await other
              .getByRole('main')
              .getByRole('button', { name: /^Save (notifications|templates|tags)$/ })
              .count(),
            0,
            'no Save buttons',
          );
          checkEqual(
            await other.getByRole('main').getByRole('button', { name: 'New tag group' }).count(),
            0,
            'no new tag group',
          );
          await shot(other, '5-support-read-only');
          const save = { user_id: String(userId), version: '0', frequency: 'off', content_types: '[]' };
          checkEqual(
            (await postFromPage(other, '/user/save_notebook_notification_setting/', save)).status,
            403,
            'POST /user/save_notebook_notification_setting/ as support',
          );
        });
      },
    );
  },
};
