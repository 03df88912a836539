// The support account (admin_panel_access, user_mgmt, create_user_tab) in the user area: the list
// without Export or Bulk edit, a user's page read-only (no Save), and Create User open to it.
import { READ_ONLY_REASON } from '../../../src/sections/user-edit/user-edit.form';
import { check, checkEqual, waitForPath } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { STAFF_FEATURES } from '../harness/staff';
import { createForm, editPage, listRows, openUserList, productName, userList } from '../harness/user-pages';

export const scenario: Scenario = {
  name: 'Support sees the user list without Export or Bulk edit, users read-only, and Create User',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const support = t.world.account('app', 'support');
    checkEqual(
      [...STAFF_FEATURES.support],
      ['admin_panel_access', 'user_mgmt', 'create_user_tab'],
      'support features per the seed',
    );
    await signIn(t, page, support);
    const list = userList(page);

    const first = await t.step('All Users: the list, with Create user but no Export or Bulk edit', async () => {
      await openUserList(page);
      const rows = await listRows(page);
      check(rows.length === 20, `a first page of 20 users (${rows.length})`);
      await list.createUser.waitFor();
      checkEqual(await list.exportCsv.count(), 0, 'Export CSV buttons');
      checkEqual(await list.exportXlsx.count(), 0, 'Export XLSX buttons');
      checkEqual(await list.bulkEdit.count(), 0, 'Bulk edit buttons');
      return rows[0]!;
    });
    await t.step(`open ${first['Name']}: read-only, no Save, only the tabs that read`, async () => {
      await list.userLink(first['Name']!).click();
      await page.waitForURL((url) => /^\/user_list\/\d+$/.test(url.pathname), { waitUntil: 'commit' });
      await page.getByRole('main').getByRole('heading', { name: first['Name'], level: 2 }).waitFor();
      await page.getByRole('main').getByRole('note').filter({ hasText: READ_ONLY_REASON }).waitFor();
      const edit = editPage(page);
      checkEqual(await edit.save.count(), 0, 'Save buttons');
      check(await edit.firstName.isDisabled(), 'the first name cannot be changed');
      check(await edit.organisation.isDisabled(), 'the organisation cannot be changed');
      // The edit's own tabs (sessions, privileges, emails) need edit_user; the tabs that only read are there.
      checkEqual(
        (await page.getByRole('main').getByRole('tab').allInnerTexts()).map((t) => t.trim()),
        ['Profile', 'Content', 'Notebook', 'History'],
        'the tabs',
      );
    });
    await t.step('Create User: step 1 of 2 opens', async () => {
      await shell(page).menu.getByRole('link', { name: 'Create User', exact: true }).click();
      await waitForPath(page, '/create_user');
      const form = createForm(page, await productName(page));
      await form.step1Heading.waitFor();
      check(await form.organisation.isEditable(), 'the organisation picker takes typing');
      await form.next.waitFor();
    });
  },
};
