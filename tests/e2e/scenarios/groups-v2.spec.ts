// The admin finds the group 'Power users' on Group ManagementV2 and bulk-uploads a CSV of 500
// identifiers built from the All Users export: the seeded users' emails, usernames and ids mixed,
// a few identifiers nobody holds, exact repeats (the reader's rows not taken) and users named
// twice by another identifier (the server's). The preview lists the rows to add and every row not
// taken with its reason; Add to group answers row by row and the member count grows by the rows
// added. Then one member is removed, the page reloaded, and the member is gone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check, checkEqual, waitForPath } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { downloadCsv, openUserList } from '../harness/user-pages';

const LINES = 500;
const FILE_NAME = 'power-users.csv';
const GROUP = 'Power users';
const NO_SUCH_USER = 'No such user: no live user has this email, username or user id.';
const SAME_USER = 'Names the same user as an earlier row.';
const READER_REASON = 'Not read from the file (a repeat, several values in a row, …).';

const n = (x: number) => x.toLocaleString('en-US');

interface SeededUser {
  id: string;
  email: string;
  username: string;
}

/**
 * 500 lines (the demo seed has ~313 users): one identifier per seeded user (email, username, id in
 * turn), four identifiers nobody holds, 60 users named again by another identifier, and exact
 * repeats of earlier rows to fill.
 */
function buildFile(seeded: SeededUser[]): { lines: string[]; ghosts: string[]; again: string[]; repeats: number } {
  const stamp = Date.now().toString(36);
  const ghosts = [
    `nobody.${stamp}@example.invalid`,
    `no_such_user_${stamp}`,
    '987654321',
    `ghost-${stamp}@nowhere.test`,
  ];
  const kinds = (u: SeededUser) => [u.email, u.username, u.id];
  const once = seeded.slice(0, LINES - 100).map((u, i) => kinds(u)[i % 3]!);
  const again = seeded.slice(10, 70).map((u, i) => kinds(u)[(i + 11) % 3]!);
  const lines = [...once];
  for (const [i, g] of ghosts.entries()) lines.splice(50 + i * 90, 0, g);
  lines.push(...again);
  let repeats = 0;
  for (let i = 0; lines.length < LINES; i++, repeats++) lines.push(once[(i * 37) % once.length]!);
  return { lines, ghosts, again, repeats };
}

export const scenario: Scenario = {
  name: 'Groups v2: a group found, 500 members uploaded with bad rows, one removed',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    await signIn(t, page, t.world.account('app', 'admin'));
    const main = page.getByRole('main');
    const upload = main.getByRole('region', { name: 'Bulk membership upload' });
    const members = main.getByRole('region', { name: 'Members' });
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-e2e-groups-v2-'));
    const file = path.join(dir, FILE_NAME);

    const groupLine = async () => await main.getByText(/ · \d[\d,]* members?$/).innerText();
    const memberCount = async () => Number((await groupLine()).match(/([\d,]+) members?$/)![1]!.replace(/,/g, ''));

    async function openGroup(): Promise<void> {
      await main.getByRole('textbox', { name: 'Search groups by name' }).fill('power');
      await main.getByRole('button', { name: 'Search', exact: true }).click();
      await main.getByRole('status', { name: 'Groups shown' }).getByText('1 group named like “power”.').waitFor();
      await main.getByRole('button', { name: `Open ${GROUP}`, exact: true }).click();
      await main.getByRole('heading', { name: GROUP, exact: true }).waitFor();
      await members.getByRole('list', { name: 'Members' }).waitFor();
    }

    try {
      const built = await t.step('All Users: export every user', async () => {
        await openUserList(page);
        const csv = await downloadCsv(page, 'users-for-groups-v2.csv');
        const seeded = csv.rows
          .filter((r) => r['deleted'] === 'false' && r['username'] && r['email'])
          .map((r) => ({ id: r['id']!, email: r['email']!, username: r['username']! }));
        check(seeded.length > 250, `the export lists the seeded users (${seeded.length})`);
        const b = buildFile(seeded);
        checkEqual(b.lines.length, LINES, 'lines in the file');
        writeFileSync(file, `identifier\n${b.lines.join('\n')}\n`);
        t.note(
          `${LINES} rows: ${b.ghosts.length} nobody holds, ${b.again.length} users named twice, ${b.repeats} exact repeats`,
        );
        return b;
      });

      let before = 0;
      await t.step(`Group ManagementV2: find '${GROUP}' and open it`, async () => {
        await shell(page).menu.getByRole('link', { name: 'Group ManagementV2', exact: true }).click();
        await waitForPath(page, '/modify_groups_v2');
        await main
          .getByRole('status', { name: 'Groups shown' })
          .getByText(/more after them/)
          .waitFor();
        await openGroup();
        before = await memberCount();
        t.note(`${GROUP} holds ${n(before)} members`);
        check(await upload.getByLabel('Members CSV').isEnabled(), 'a file may be chosen');
      });

      let toAdd = 0;
      await t.step(`choose ${FILE_NAME}: the preview, row by row`, async () => {
        await upload.getByLabel('Members CSV').setInputFiles(file);
        const result = upload.getByRole('status', { name: 'Preview result' });
        await result.waitFor({ timeout: 30_000 });
        const text = await result.innerText();
        const m = text.match(
          /^power-users\.csv: ([\d,]+) rows? to add; ([\d,]+) rows? not taken\. The group has ([\d,]+) members?\.$/,
        );
        check(m !== null, `the preview says what it found ('${text}')`);
        toAdd = Number(m![1]!.replace(/,/g, ''));
        const notTaken = Number(m![2]!.replace(/,/g, ''));
        checkEqual(Number(m![3]!.replace(/,/g, '')), before, 'the members the group has now');
        checkEqual(toAdd + notTaken, LINES, 'every row is either to add or not taken');
        check(toAdd > 200, `most users are to add (${toAdd})`);
        const rows = await upload
          .getByRole('table', { name: 'Rows not taken' })
          .evaluate((el) =>
            [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')),
          );
        for (const g of built.ghosts)
          check(
            rows.some((r) => r[1] === g && r[2] === NO_SUCH_USER),
            `${g}: no such user`,
          );
        const why = await upload
          .getByRole('list', { name: 'Why rows are not taken' })
          .getByRole('listitem')
          .allInnerTexts();
        t.note(why.join(' | '));
        check(why.includes(`${built.ghosts.length} rows: ${NO_SUCH_USER}`), 'the identifiers nobody holds are counted');
        check(
          why.includes(`${built.again.length} rows: ${SAME_USER}`),
          'the users named again by another identifier are counted',
        );
        check(
          why.includes(`${built.repeats} rows: ${READER_REASON}`),
          "the exact repeats are the reader's rows not taken",
        );
        check(
          why.some((w) => w.endsWith('Already a member of the group.')) || before === 0,
          'users already in the group are said so',
        );
        check(
          rows.some((r) => r[2]!.startsWith('Repeats row')) || rows.length === 100,
          'the table lists rows by number',
        );
        check(
          await upload.getByRole('button', { name: 'Add to group', exact: true }).isEnabled(),
          'Add to group is offered',
        );
      });

      await t.step('Add to group: Success and the per-row report', async () => {
        await upload.getByRole('button', { name: 'Add to group', exact: true }).click();
        const response = upload.getByRole('status', { name: 'Response' });
        await response.waitFor({ timeout: 30_000 });
        checkEqual(
          await response.innerText(),
          `Response Status : Success. ${n(toAdd)} users added; ${n(LINES - toAdd)} rows not added. The group had ${n(before)} members and has ${n(before + toAdd)} members.`,
          'the answer',
        );
        await upload.getByRole('table', { name: 'Rows not added' }).waitFor();
        await main.getByText(new RegExp(` · ${n(before + toAdd)} members$`)).waitFor({ timeout: 15_000 });
        await members.getByText(`${n(before + toAdd)} members`, { exact: true }).waitFor();
      });

      const leaving = built.lines.find((l) => l.includes('@') && !built.ghosts.includes(l))!;
      const username = await t.step(`remove the member ${leaving}`, async () => {
        await members.getByRole('textbox', { name: 'Filter members' }).fill(leaving);
        const row = members.getByRole('list', { name: 'Members' }).getByRole('listitem');
        await members.getByText(`1 of ${n(before + toAdd)} shown`, { exact: true }).waitFor();
        const name = (await row.first().innerText()).split('\n')[0]!.trim();
        await row
          .first()
          .getByRole('button', { name: `Remove ${name}` })
          .click();
        const dialog = page.getByRole('alertdialog', { name: `Remove ${name}?` });
        await dialog.getByText(`leaves ${GROUP}.`, { exact: false }).waitFor();
        await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
        await members
          .getByText(new RegExp(`removed; the group has ${n(before + toAdd - 1)} members\\.$`))
          .waitFor({ timeout: 15_000 });
        return name;
      });

      await t.step('reload: the group stays open (its address names it), the member is gone', async () => {
        await page.reload();
        await waitForPath(page, '/modify_groups_v2');
        await main.getByRole('heading', { name: GROUP, exact: true }).waitFor();
        await members.getByRole('list', { name: 'Members' }).waitFor();
        checkEqual(await memberCount(), before + toAdd - 1, 'the members after the removal');
        await members.getByRole('textbox', { name: 'Filter members' }).fill(username);
        await members.getByText(`No member matches “${username}”.`, { exact: true }).waitFor();
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
