// Broker Research, Fulfillments from Other Sources (decision 060). The admin builds a small
// distributor's file from the All Users export — four good rows (an email, a username, a user id,
// a broker by name and by id) and five bad ones: a day that does not exist and an end before the
// start (refused by the file's own rules as it is read), a user nobody holds, a broker nobody
// holds and the same user and broker twice (refused by the server's check). The tab reads it,
// the admin names its source and distributor, checks it (the per-row report and the counts),
// confirms, and the done report says how many fulfillments were added; the import heads the list
// of latest imports with the same counts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check, checkEqual, waitForPath } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { downloadCsv, openUserList } from '../harness/user-pages';

const FILE_NAME = 'distributor-entitlements.csv';
const SOURCE = 'Refinitiv entitlement file';
const NO_SUCH_USER = 'No such user: no user has this email, username or user id.';
const NO_SUCH_BROKER = 'No such broker: no broker has this id or exactly this name.';
const ENDS_BEFORE = 'Ends on or before it starts.';
const BAD_START = 'Starts “2026-02-30” is not a date: write YYYY-MM-DD.';
const numberIn = (text: string, pattern: RegExp) => Number(text.match(pattern)![1]!.replace(/,/g, ''));

export const scenario: Scenario = {
  name: 'Broker Research other sources: a distributor file with bad rows checked and applied',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    await signIn(t, page, t.world.account('app', 'admin'));
    const main = page.getByRole('main');
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-e2e-other-sources-'));
    const file = path.join(dir, FILE_NAME);
    const shot = (name: string) =>
      page.screenshot({ path: path.join(ARTIFACTS, 'research-other-sources', `${name}.png`), fullPage: true });
    try {
      await t.step('All Users: export, and build a file of 4 good rows and 5 bad ones', async () => {
        await openUserList(page);
        const csv = await downloadCsv(page, 'users-for-other-sources.csv');
        const live = csv.rows.filter(
          (r) => r['deleted'] === 'false' && r['active'] === 'true' && r['username'] && r['email'],
        );
        check(live.length > 10, `the export lists live users (${live.length})`);
        const [a, b, c, d, e] = live.slice(-5);
        const starts = new Date().toISOString().slice(0, 10);
        const stamp = Date.now().toString(36);
        const rows = [
          [a!['email']!, 'Apex Securities', starts, ''],
          [b!['username']!, '2', starts, '2099-12-31'],
          [c!['id']!, '3', starts, ''],
          [d!['email']!, '2', starts, ''],
          [`nobody.${stamp}@example.invalid`, '2', starts, ''],
          [e!['email']!, `No Such Broker ${stamp}`, starts, ''],
          [e!['email']!, '2', '2026-02-30', ''],
          [e!['email']!, '3', '2026-12-01', '2026-11-01'],
          [b!['email']!, '2', starts, ''],
        ];
        writeFileSync(file, `user,broker,starts,ends\n${rows.map((r) => r.join(',')).join('\n')}\n`);
      });

      await t.step('Broker Research → Fulfillments from Other Sources: choose the file, the read report', async () => {
        await shell(page).menu.getByRole('link', { name: 'Broker Research', exact: true }).click();
        await waitForPath(page, '/broker_research');
        await main.getByRole('tab', { name: 'Fulfillments from Other Sources', exact: true }).click();
        await main
          .getByRole('region', { name: 'Latest imports' })
          .getByRole('button', { name: 'Refresh', exact: true })
          .waitFor();
        await main.getByLabel('Entitlements file (CSV)').setInputFiles(file);
        const read = main.getByRole('status', { name: 'Read result' });
        await read.waitFor({ timeout: 30_000 });
        checkEqual(
          await read.innerText(),
          `${FILE_NAME}: 9 rows read; 7 to check with the server, 2 not taken.`,
          'the read report',
        );
        const refusedHere = main.getByRole('table', { name: "Rows the file's rules refuse" });
        await refusedHere.getByText(BAD_START).waitFor();
        await refusedHere.getByText(ENDS_BEFORE).waitFor();
        await shot('1-read');
      });

      let taken = 0;
      let skipped = 0;
      await t.step(
        `name the source and the distributor, check the file: 5 rows refused, each with its reason`,
        async () => {
          await main.getByLabel('Source', { exact: true }).fill(SOURCE);
          const refinitiv = main.getByRole('radio', { name: 'Refinitiv', exact: true });
          if (await refinitiv.count()) await refinitiv.click();
          else await main.getByRole('radio').first().click();
          await main.getByRole('button', { name: 'Check the file', exact: true }).click();
          const result = main.getByRole('status', { name: 'Check result' });
          await result.waitFor({ timeout: 30_000 });
          const text = await result.innerText();
          t.note(text);
          taken = numberIn(text, /: ([\d,]+) fulfillments? to add/);
          skipped = numberIn(text, /; ([\d,]+) skipped/);
          checkEqual(numberIn(text, /, ([\d,]+) refused/), 5, 'rows refused');
          checkEqual(taken + skipped, 4, 'the good rows are added or skipped (already entitled)');
          check(taken > 0, 'something to add');
          const notTaken = main.getByRole('table', { name: 'Rows not taken' });
          for (const reason of [
            NO_SUCH_USER,
            NO_SUCH_BROKER,
            ENDS_BEFORE,
            BAD_START,
            'The same user and broker as row 3.',
          ]) {
            await notTaken.getByText(reason, { exact: true }).waitFor();
          }
          await shot('2-checked');
        },
      );

      let importId = 0;
      await t.step('add them, confirmed: the done report counts the fulfillments added', async () => {
        await main
          .getByRole('button', { name: `Add ${taken} fulfillment${taken === 1 ? '' : 's'}`, exact: true })
          .click();
        await main.getByRole('group', { name: 'Confirm' }).waitFor();
        await main.getByRole('button', { name: 'Add them', exact: true }).click();
        const done = main.getByRole('status', { name: 'Response' });
        await done.waitFor({ timeout: 30_000 });
        const text = await done.innerText();
        t.note(text);
        check(
          text.startsWith(`${taken} fulfillment${taken === 1 ? '' : 's'} added; ${skipped + 5} rows not taken`),
          `the done report: ${text}`,
        );
        importId = numberIn(text, /Import #(\d+) of /);
        check(text.includes(`of ${FILE_NAME} from ${SOURCE}`), 'the done report names the file and the source');
        await shot('3-done');
      });

      await t.step('upload another file: the import heads the latest imports with its counts', async () => {
        await main.getByRole('button', { name: 'Upload another file', exact: true }).click();
        const first = main.getByRole('table', { name: 'Latest imports' }).getByRole('row').nth(1);
        await first.waitFor();
        const cells = await first.getByRole('cell').allInnerTexts();
        const id = await first.getByRole('rowheader').innerText();
        checkEqual(id, String(importId), 'the newest import');
        checkEqual(
          cells.slice(1, 7),
          [FILE_NAME, SOURCE, cells[3]!, String(taken), String(skipped), '5'],
          'file, source, counts',
        );
        check(cells[7]!.startsWith('admin'), `who imported it: ${cells[7]}`);
        await shot('4-imports');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
