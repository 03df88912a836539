// The admin meets the list's limits: a 300-character name that leaves Active and Expiry on screen,
// a 2,000-character search refused at the box (nothing sent, the rows stay), the page kept in the
// URL through Reload, Back and Forward, an old page link that falls back to page 1 with a notice,
// and bulk edit's upload refusing a binary file and reporting a three-column file row by row.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { check, checkEqual, eventually } from '../harness/check';
import { signIn } from '../harness/pages';
import { ARTIFACTS } from '../harness/paths';
import type { Scenario } from '../harness/scenario';
import {
  bulkDialog,
  editPage,
  listRows,
  openUserList,
  searchList,
  searchParam,
  tableRows,
  userList,
} from '../harness/user-pages';

const UPLOAD_LABEL = 'Upload CSV of emails, usernames or user ids';

/** Whether the element lies wholly within the visible box of the region. */
async function insideRegion(element: Locator, region: Locator): Promise<boolean> {
  const [e, r] = [await element.boundingBox(), await region.boundingBox()];
  return e !== null && r !== null && e.x >= r.x && e.x + e.width <= r.x + r.width + 0.5;
}

export const scenario: Scenario = {
  name: 'List limits: long names, long searches, pages in the URL, bad upload files',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 900 });
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    const list = userList(page);
    const first = 'F'.repeat(150);
    const last = 'L'.repeat(149);
    const longName = `${first} ${last}`;

    const target = await t.step('All Users: the first page', async () => {
      await openUserList(page);
      const rows = await listRows(page);
      check(rows.length === 20, `a full first page (${rows.length})`);
      return rows[0]!;
    });

    await t.step(`give ${target['Email']} a ${longName.length}-character name`, async () => {
      await list.userLink(target['Name']!).click();
      const edit = editPage(page);
      await edit.firstName.waitFor();
      await edit.firstName.fill(first);
      await page.getByRole('main').getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
      await edit.save.click();
      await eventually('the save', async () =>
        (await edit.unsaved.innerText()) === 'No unsaved changes.' ? true : undefined,
      );
    });

    await t.step('the list keeps Active and Expiry on screen beside the long name', async () => {
      await openUserList(page);
      const rows = await searchList(page, target['Email']!);
      checkEqual(rows.length, 1, 'the user found by email');
      const header = list.table.getByRole('columnheader');
      for (const column of ['Active', 'Expiry']) {
        const cell = header.filter({ hasText: column });
        check(await insideRegion(cell, list.region), `the ${column} column is on screen`);
        check(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth), `the ${column} heading is whole`);
      }
      const row = list.table.getByRole('row').filter({ hasText: target['Email']! });
      const nameCell = row.getByRole('rowheader');
      checkEqual(await nameCell.getAttribute('title'), longName, 'the whole name in the cell title');
      // The link itself is cut at the cell's edge, so its box (where a click lands) is what shows.
      const clipped = await nameCell
        .getByRole('link')
        .evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis');
      check(clipped, 'the name is cut with an ellipsis');
      check(await insideRegion(nameCell.getByRole('link'), nameCell), 'the name link ends at its cell');
      check(
        await insideRegion(row.getByRole('cell').last(), list.region),
        'the Expiry cell is on screen without scrolling',
      );
      await page.screenshot({ path: path.join(ARTIFACTS, 'list-long-name.png') });
      await list.search.fill('');
      await page.waitForURL((url) => searchParam(url, 'q') === '', { waitUntil: 'commit' });
      await listRows(page);
    });

    await t.step('a 2,000-character search is refused at the box; nothing is sent and the rows stay', async () => {
      const before = await listRows(page);
      const sent: string[] = [];
      const watch = (req: { url(): string; postData(): string | null }) => {
        if (req.url().includes('/user/search_user/')) sent.push(req.postData() ?? '');
      };
      page.on('request', watch);
      const text = 'q'.repeat(2_000);
      await list.search.fill(text);
      const problem = page.getByRole('main').getByRole('alert').filter({ hasText: 'Search text is at most' });
      await problem.waitFor();
      checkEqual(
        await problem.innerText(),
        'Search text is at most 200 characters; this has 2,000. The list shows the last search.',
        'the reason at the box',
      );
      await page.waitForTimeout(800);
      page.off('request', watch);
      checkEqual(await list.search.inputValue(), text, 'the text is kept');
      check(
        sent.every((body) => !body.includes('q'.repeat(201))),
        `no search carried the long text (${sent.length} sent)`,
      );
      check(!new URL(page.url()).searchParams.has('q'), 'the URL holds no search text');
      checkEqual(await listRows(page), before, 'the rows of the last search stay');
      await list.search.fill('');
      await listRows(page);
    });

    await t.step('Next: page 2 is in the URL, and Reload, Back and Forward keep the page', async () => {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.has('cursor') && url.searchParams.get('page') === '2', {
        waitUntil: 'commit',
      });
      await listRows(page);
      check(
        (await list.rowsShown.innerText()).startsWith('21–40 of'),
        `page 2 shown (${await list.rowsShown.innerText()})`,
      );
      const second = await listRows(page);
      await page.reload();
      await list.heading.waitFor();
      checkEqual(await listRows(page), second, 'the same rows after Reload');
      check((await list.rowsShown.innerText()).startsWith('21–40 of'), 'still page 2 after Reload');
      await page.goBack();
      await eventually('page 1 after Back', async () =>
        (await list.rowsShown.innerText()).startsWith('1–20 of') ? true : undefined,
      );
      await page.goForward();
      await eventually('page 2 after Forward', async () =>
        (await list.rowsShown.innerText()).startsWith('21–40 of') ? true : undefined,
      );
      checkEqual(await listRows(page), second, 'the same rows after Forward');
    });

    await t.step('an old link to page 3 falls back to page 1 with a notice', async () => {
      const url = new URL(page.url());
      url.search = '?cursor=c3RhbGU&page=3';
      await page.goto(url.toString());
      const notice = page.getByRole('main').getByRole('status', { name: 'List notice' });
      await notice.waitFor();
      check((await notice.innerText()).includes('showing page 1'), `the notice (${await notice.innerText()})`);
      await eventually('page 1', async () =>
        (await list.rowsShown.innerText()).startsWith('1–20 of') ? true : undefined,
      );
      check(!new URL(page.url()).searchParams.has('cursor'), 'the URL names page 1 again');
    });

    const dialog = bulkDialog(page);
    const rows = await t.step('bulk edit: a binary file is refused whole', async () => {
      const rows = await listRows(page);
      await list.selectUser(rows[1]!['Name']!).click();
      await list.bulkEdit.click();
      await dialog.dialog.waitFor();
      const png = Buffer.from([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe,
        0x00,
      ]);
      await dialog.dialog
        .getByLabel(UPLOAD_LABEL)
        .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: png });
      const alert = dialog.dialog.getByRole('alert');
      await alert.waitFor();
      checkEqual(
        await alert.innerText(),
        'The file was refused: This is not a text CSV file. It is not UTF-8 text.',
        'the refusal',
      );
      checkEqual(await dialog.usersToEdit.innerText(), '1 selected user', 'the selection is unchanged');
      await dialog.dialog.getByRole('button', { name: 'Keep the current selection', exact: true }).click();
      return rows;
    });

    await t.step('bulk edit: a three-column file is reported row by row, and the report downloads', async () => {
      const csv = `email,first_name,last_name\r\n${rows[2]!['Email']},A,B\r\n${rows[3]!['Email']}\r\n${rows[3]!['Email']}\r\n`;
      await dialog.dialog
        .getByLabel(UPLOAD_LABEL)
        .setInputFiles({ name: 'three.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const report = dialog.dialog.getByRole('table', { name: 'Rows not taken' });
      await report.waitFor();
      const reported = await tableRows(report);
      checkEqual(
        reported.map((r) => [r['Row'], r['Reason']]),
        [
          ['1', '3 values in one row; put one email, username or user id per row.'],
          ['2', '3 values in one row; put one email, username or user id per row.'],
          ['4', 'Repeats row 3; counted once.'],
        ],
        'the rows not taken',
      );
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.dialog.getByRole('button', { name: 'Download upload report (CSV)' }).click(),
      ]);
      mkdirSync(path.join(ARTIFACTS, 'downloads'), { recursive: true });
      const saved = path.join(ARTIFACTS, 'downloads', 'bulk-upload-report.csv');
      await download.saveAs(saved);
      const lines = readFileSync(saved, 'utf8').trim().split('\r\n');
      checkEqual(lines[0], 'row,value,reason', 'the report header');
      checkEqual(lines.length, 4, 'a line per row not taken');
      await dialog.dialog.getByRole('button', { name: 'Use the 1 matched user', exact: true }).click();
      checkEqual(
        await dialog.usersToEdit.innerText(),
        '1 user matched by three.csv',
        "the file's match is the selection",
      );
      await dialog.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.dialog.waitFor({ state: 'hidden' });
    });
  },
};
