// The Audit Log (decision 062): the admin renames a user on their page and saves; in the Audit Log,
// searching that user's record finds the change, which opens field by field (First name: before →
// after); the search's CSV holds it; the user's History tab lists it too, and a new role's History
// button its creation. Support, in a browser of its own, has no menu entry, gets the section's
// no-permission screen at /audit_log, and the server refuses its search (403).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { check, checkEqual, eventually, waitForPath } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { signIn } from '../harness/pages';
import { checkSectionRefused } from '../harness/refused-section';
import type { Scenario } from '../harness/scenario';
import { editPage, openUserList, userList } from '../harness/user-pages';

export const scenario: Scenario = {
  name: 'audit log: admin finds a user edit with its diff and in the History tab; support is refused',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const support = t.world.account('app', 'support');
    await signIn(t, page, admin);
    const main = page.getByRole('main');
    const shot = (name: string) =>
      page.screenshot({ path: path.join(ARTIFACTS, 'audit-log', `${name}.png`), fullPage: true });
    const renamed = `Audited${Date.now() % 100_000}`;

    const { userId, before } = await t.step('admin opens a user from All Users and renames them', async () => {
      await openUserList(page);
      await userList(page).table.getByRole('link').first().click();
      await eventually("a user's page", async () =>
        /\/user_list\/\d+$/.test(new URL(page.url()).pathname) ? true : undefined,
      );
      const id = Number(/\/user_list\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
      const edit = editPage(page);
      await edit.firstName.waitFor();
      const was = await edit.firstName.inputValue();
      await edit.firstName.fill(renamed);
      await edit.save.click();
      await edit.outcome.waitFor();
      checkEqual(await edit.unsaved.innerText(), 'No unsaved changes.', 'the form after Save');
      return { userId: id, before: was };
    });

    await t.step("Audit Log from the menu: the user's record finds the change, newest first", async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Audit Log', exact: true }).click();
      await waitForPath(page, '/audit_log');
      await main.getByRole('heading', { name: 'Audit Log', level: 2 }).waitFor();
      await main.getByRole('table', { name: 'Audit entries' }).waitFor();
      await main.getByLabel('Category').selectOption('user');
      await main.getByLabel('Record', { exact: true }).selectOption('user');
      await main.getByRole('textbox', { name: 'Record id' }).fill(String(userId));
      await main.getByRole('button', { name: 'Search', exact: true }).click();
      await eventually('the search in the address', async () =>
        (new URL(page.url()).searchParams.get('record_id') ?? '').replaceAll('"', '') === String(userId)
          ? true
          : undefined,
      );
      const row = main.getByRole('table', { name: 'Audit entries' }).getByRole('row').nth(1);
      await row.filter({ hasText: `(#${userId})` }).waitFor();
      const cells = await row.getByRole('cell').allInnerTexts();
      checkEqual([cells[1], cells[5]], ['User', 'Success'], 'category and result of the newest entry');
      // The record by name, linked to the user's page.
      check(new RegExp(`^User \\S+ \\(#${userId}\\)$`).test(cells[4]!), `the record named (read: ${cells[4]})`);
      checkEqual(
        await row.getByRole('link', { name: cells[4], exact: true }).getAttribute('href'),
        `/user_list/${userId}`,
        "the record's link",
      );
      await shot('1-found');
    });

    await t.step('the entry opens field by field: First name, before and after', async () => {
      const row = main.getByRole('table', { name: 'Audit entries' }).getByRole('row').nth(1);
      await row.getByRole('button', { name: 'Changes', exact: true }).click();
      const dialog = page.getByRole('dialog');
      const first = dialog.getByRole('row', { name: 'First name', exact: true });
      await first.waitFor();
      checkEqual(await first.getByRole('cell').allInnerTexts(), [before, renamed], 'First name before and after');
      check(!(await dialog.innerText()).includes('first_name'), 'no column names in the diff');
      await shot('2-diff');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    await t.step("Download CSV: the search's file holds the change", async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('link', { name: 'Download CSV', exact: true }).click(),
      ]);
      const dir = path.join(ARTIFACTS, 'downloads');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'audit-log.csv');
      await download.saveAs(file);
      check(
        /^audit-log-\d{4}-\d{2}-\d{2}\.csv$/.test(download.suggestedFilename()),
        `the file's name: ${download.suggestedFilename()}`,
      );
      const parsed = Papa.parse<Record<string, string>>(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      });
      checkEqual(
        parsed.meta.fields,
        ['time', 'category', 'author', 'action', 'result', 'origin', 'record', 'previous_data', 'current_data'],
        'the header',
      );
      const newest = parsed.data[0]!;
      checkEqual(
        [newest['category'], newest['record'], newest['result']],
        ['user', `User #${userId}`, 'Success'],
        'the newest row',
      );
      check(newest['current_data']!.includes(renamed), 'the new first name in current_data');
    });

    await t.step("the user's History tab lists the change, field by field", async () => {
      await page.goto(`${admin.server.url}/user_list/${userId}`);
      await editPage(page).firstName.waitFor();
      await main.getByRole('tab', { name: 'History', exact: true }).click();
      const history = main.getByRole('list', { name: 'History' });
      const item = history.getByRole('listitem').first();
      await item.waitFor();
      check((await item.getAttribute('aria-label'))!.includes(`(#${userId})`), 'the newest entry names the user');
      checkEqual(
        await item.getByRole('row', { name: 'First name', exact: true }).getByRole('cell').allInnerTexts(),
        [before, renamed],
        'First name in the History tab',
      );
      await shot('3-history');
    });

    await t.step("Role Management: a new role's History lists its creation, field by field", async () => {
      const role = `Historian ${Date.now() % 100_000}`;
      await page.goto(`${admin.server.url}/user_roles`);
      await main.getByRole('button', { name: 'New role', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'New role' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(role);
      await form.getByRole('checkbox', { name: 'Admin panel access', exact: true }).click();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await main
        .getByRole('status', { name: 'Roles notice' })
        .filter({ hasText: `Role '${role}' created.` })
        .waitFor();
      await main.getByRole('button', { name: `History of ${role}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `History of ${role}` });
      const item = dialog.getByRole('list', { name: 'History' }).getByRole('listitem').first();
      await item.waitFor();
      check((await item.innerText()).includes(role), 'the newest entry names the role');
      check((await item.innerText()).includes('by admin'), 'the entry says who');
      await shot('4-role-history');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    await checkSectionRefused(t, support, {
      label: 'Audit Log',
      path: '/audit_log',
      permission: 'Audit Log',
      call: '/api/audit_log/',
      content: (main) => main.getByRole('table', { name: 'Audit entries' }),
      screenshot: path.join(ARTIFACTS, 'audit-log', '5-support-no-permission.png'),
    });
  },
};
