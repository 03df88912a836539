// The admin filters All Users (active journalists), saves the list as a segment, finds it on
// Segments & Tags' Segments tab with the list's count, opens it (the list shows the same
// filters), gives its members a tag, and sees the tag on a member's page.
import { check, checkEqual, eventually, waitForPath } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { choose, listRows, listTotal, openUserList, searchParam, userList } from '../harness/user-pages';

const NAME = 'Active journalists';
const TAG = 'VIP';

export const scenario: Scenario = {
  name: 'Segments: a filtered list saved, counted, opened and tagged',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    await signIn(t, page, t.world.account('app', 'admin'));
    const main = page.getByRole('main');
    const list = userList(page);
    const segmentRow = main.getByRole('table', { name: 'Segments' }).getByRole('row', { name: NAME });

    const total = await t.step('All Users: active journalists', async () => {
      await openUserList(page);
      await choose(page, main.getByRole('combobox', { name: 'User type' }), 'Journalist');
      await page.waitForURL((url) => searchParam(url, 'user_type') === 'journalist', { waitUntil: 'commit' });
      await choose(page, main.getByRole('combobox', { name: 'Status' }), 'Active');
      await page.waitForURL((url) => searchParam(url, 'active') === 'true', { waitUntil: 'commit' });
      const rows = await listRows(page);
      check(rows.length > 0, `the list shows active journalists (${rows.length})`);
      return listTotal(page);
    });

    await t.step('Save as segment: the dialog shows the query', async () => {
      await main.getByRole('button', { name: 'Save as segment', exact: true }).click();
      await waitForPath(page, '/segments_n_tags');
      const dialog = page.getByRole('dialog', { name: 'Save as segment' });
      await dialog.waitFor();
      checkEqual(
        await dialog.getByLabel('Segment query').innerText(),
        'Query: Type: Journalist · Active',
        'the query in words',
      );
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
      await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Press accounts still in use');
    });

    await t.step('Save: listed with the count the list showed', async () => {
      await page
        .getByRole('dialog', { name: 'Save as segment' })
        .getByRole('button', { name: 'Save', exact: true })
        .click();
      await main
        .getByRole('status', { name: 'Segments notice' })
        .filter({ hasText: `Segment '${NAME}' saved.` })
        .waitFor();
      check(new URL(page.url()).searchParams.get('tab') === 'segments', 'the Segments tab is open');
      check(!new URL(page.url()).searchParams.has('save'), 'the query to save has left the address');
      await segmentRow.waitFor();
      const cells = await segmentRow.getByRole('cell').allInnerTexts();
      checkEqual(cells[0], total.toLocaleString('en-US'), 'members: the list total');
      checkEqual(cells[1], 'Type: Journalist · Active', 'the query column');
      check(
        await main
          .getByRole('table', { name: 'Segments' })
          .getByRole('row', { name: 'Trial users expiring' })
          .isVisible(),
        'the seeded segments are listed too',
      );
    });

    await t.step('open the segment: the list with its filters', async () => {
      await segmentRow.getByRole('link', { name: `Open ${NAME} in the user list` }).click();
      await waitForPath(page, '/user_list');
      const url = new URL(page.url());
      checkEqual(
        [searchParam(url, 'user_type'), searchParam(url, 'active')],
        ['journalist', 'true'],
        'the filters in the address',
      );
      await listRows(page);
      checkEqual(await listTotal(page), total, 'the same total');
      check(
        /Journalist/.test(await main.getByRole('combobox', { name: 'User type' }).innerText()),
        'the User type filter shows Journalist',
      );
      check(
        /Active/.test(await main.getByRole('combobox', { name: 'Status' }).innerText()),
        'the Status filter shows Active',
      );
    });

    const member = await t.step(`Segments tab: add the tag ${TAG} to the members`, async () => {
      const first = (await listRows(page))[0]!;
      await shell(page).menu.getByRole('link', { name: 'Segments & Tags', exact: true }).click();
      await main.getByRole('tab', { name: 'Segments', exact: true }).click();
      await segmentRow.getByRole('button', { name: `Tags for members of ${NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Tags for the members of '${NAME}'` });
      await dialog.getByRole('textbox', { name: 'Add a tag' }).fill(TAG);
      await dialog.getByRole('button', { name: `Add tag ${TAG}`, exact: true }).click();
      await dialog.getByRole('list', { name: 'Chosen tags' }).getByText(TAG, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Add Tags', exact: true }).click();
      const confirm = dialog.getByRole('status', { name: 'Confirm tags' });
      await confirm.waitFor();
      check(
        (await confirm.innerText()).startsWith(`Add 1 tag to ${total.toLocaleString('en-US')} members of '${NAME}'?`),
        `the confirmation counts the members (${await confirm.innerText()})`,
      );
      return first;
    });

    await t.step('confirm: every member tagged', async () => {
      const dialog = page.getByRole('dialog', { name: `Tags for the members of '${NAME}'` });
      await dialog.getByRole('button', { name: 'Add Tags', exact: true }).click();
      const done = dialog.getByRole('status', { name: 'Tags applied' });
      await done.waitFor({ timeout: 30_000 });
      check(
        (await done.innerText()).startsWith(`Tags added to ${total.toLocaleString('en-US')} members;`),
        `the answer (${await done.innerText()})`,
      );
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    await t.step(`a member's page shows ${TAG}`, async () => {
      await segmentRow.getByRole('link', { name: `Open ${NAME} in the user list` }).click();
      await waitForPath(page, '/user_list');
      await listRows(page);
      await list.userLink(member['Name']!).first().click();
      await eventually('the user page', async () =>
        new URL(page.url()).pathname.startsWith('/user_list/') ? true : undefined,
      );
      await main.getByRole('list', { name: 'Chosen tags' }).getByText(TAG, { exact: true }).waitFor();
    });
  },
};
