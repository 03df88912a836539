// Broker Research, FulFillments (decision 058). The admin opens the FulFillments tab on the demo
// seed: fulfillments newest first, 50 a page. They filter by the broker of the first row (typed,
// picked from the matches): every row is that broker's, the URL carries it, and a reload keeps it.
// They download the list as CSV and as XLSX and open both files: the same rows as the list (the
// page's users in order, every row of the filter, that broker alone), CSV and XLSX alike. Then they
// end an active fulfillment with a reason: the row shows Ended with their name and the reason.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { FULFILLMENT_EXPORT_COLUMNS } from '../../../src/domain/broker-research-fulfillments';
import { check, CheckFailed, checkEqual } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import { ARTIFACTS } from '../harness/paths';
import type { Scenario } from '../harness/scenario';
import { isoDayText } from '../../../src/domain/format';

const SHOTS = path.join(ARTIFACTS, 'research-fulfillments');
const DOWNLOADS = path.join(ARTIFACTS, 'downloads');

/** Clicks an export button and saves the file under the downloads folder. */
async function download(page: Page, button: string, saveAs: string): Promise<{ file: string; suggested: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('main').getByRole('button', { name: button, exact: true }).click(),
  ]);
  const failure = await file.failure();
  if (failure) throw new CheckFailed(`the ${button} download failed: ${failure}`);
  mkdirSync(DOWNLOADS, { recursive: true });
  const saved = path.join(DOWNLOADS, saveAs);
  await file.saveAs(saved);
  return { file: saved, suggested: file.suggestedFilename() };
}

export const scenario: Scenario = {
  name: 'Broker Research fulfillments: filtered by a broker, downloaded as CSV and XLSX matching the list, one ended with a reason',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    const main = page.getByRole('main');
    const region = main.getByRole('region', { name: 'Fulfillments' });
    const rows = region.getByRole('row');
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    /** The cells of the data rows on screen. */
    const table = async () =>
      await rows.evaluateAll((trs) =>
        trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())),
      );
    const shown = () => main.getByRole('status', { name: 'Rows shown' }).innerText();
    let broker = '';
    let total = 0;
    let onScreen: string[][] = [];

    await t.step(
      'admin opens FulFillments: the newest 50 fulfillments with user, organization, broker, source, since, until and status',
      async () => {
        await shell(page).menu.getByRole('link', { name: 'Broker Research', exact: true }).click();
        await main.getByRole('tab', { name: 'FulFillments', exact: true }).click();
        await page.waitForFunction(() => window.location.search.includes('tab=fulfillments'));
        await rows.nth(50).waitFor();
        const headers = await region.getByRole('columnheader').allInnerTexts();
        checkEqual(
          headers.slice(0, 7),
          ['User', 'Organization', 'Broker', 'Source', 'Since', 'Until', 'Status'],
          'the columns',
        );
        const text = await shown();
        check(/^1–50 of (more than )?[\d,]+ fulfillments$/.test(text), `the count: ${text}`);
        const first = (await table())[0]!;
        broker = first[2]!;
        check(/@/.test(first[0]!), `the user cell holds an email: ${first[0]}`);
        check(/^(Request #\d+|Other source|Broker)/.test(first[3]!), `the source: ${first[3]}`);
        await shot('1-list');
      },
    );

    await t.step(
      'admin filters by the first row’s broker: only its rows, in the URL, kept across a reload',
      async () => {
        // The whole name: a short prefix may match more brokers than the list shows.
        await main.getByRole('textbox', { name: 'Broker', exact: true }).fill(broker);
        await main.getByRole('listbox', { name: 'Brokers' }).getByRole('option', { name: broker, exact: true }).click();
        await main.getByLabel('Broker filter').filter({ hasText: broker }).waitFor();
        await page.waitForFunction(() => new URLSearchParams(window.location.search).has('broker'));
        await main
          .getByRole('status', { name: 'Rows shown' })
          .filter({ hasText: /^1–\d+ of [\d,]+ fulfillments?$/ })
          .waitFor();
        await region.getByRole('cell').first().waitFor();
        await page.reload();
        await main.getByLabel('Broker filter').filter({ hasText: broker }).waitFor();
        await main
          .getByRole('status', { name: 'Rows shown' })
          .filter({ hasText: /^1–\d+ of [\d,]+ fulfillments?$/ })
          .waitFor();
        onScreen = await table();
        check(onScreen.length > 0, 'rows of the broker');
        for (const r of onScreen) checkEqual(r[2], broker, 'every row is the broker’s');
        const m = /^1–\d+ of ([\d,]+) fulfillments?$/.exec(await shown());
        total = Number(m![1]!.replaceAll(',', ''));
        await shot('2-filtered-by-broker');
      },
    );

    await t.step(
      'admin downloads the CSV and opens it: every row of the filter, the page’s users in the list’s order',
      async () => {
        const { file, suggested } = await download(page, 'Export CSV', 'fulfillments-broker.csv');
        check(/^fulfillments-\d{4}-\d{2}-\d{2}\.csv$/.test(suggested), `the file name: ${suggested}`);
        const parsed = Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), {
          header: true,
          skipEmptyLines: true,
        });
        checkEqual(parsed.errors.length, 0, 'the CSV parses');
        checkEqual(parsed.meta.fields, [...FULFILLMENT_EXPORT_COLUMNS], 'the CSV header');
        checkEqual(parsed.data.length, total, 'rows in the CSV: as many as the list counts');
        check(
          parsed.data.every((r) => r['broker'] === broker),
          'every CSV row is the broker’s',
        );
        checkEqual(
          parsed.data.slice(0, onScreen.length).map((r) => r['user_email']),
          onScreen.map((r) => r[0]!.split('\n').at(-1)),
          'the page’s users, in order',
        );
        checkEqual(
          parsed.data.slice(0, onScreen.length).map((r) => isoDayText(r['starts_at']!.slice(0, 10))),
          onScreen.map((r) => r[4]),
          'the page’s Since days',
        );
        t.note(`CSV: ${parsed.data.length} rows of ${broker}`);

        const xlsx = await download(page, 'Export XLSX', 'fulfillments-broker.xlsx');
        check(/^fulfillments-\d{4}-\d{2}-\d{2}\.xlsx$/.test(xlsx.suggested), `the file name: ${xlsx.suggested}`);
        const files = unzipSync(new Uint8Array(readFileSync(xlsx.file)));
        check(strFromU8(files['xl/workbook.xml']!).includes('<sheet name="Fulfillments"'), 'the sheet is Fulfillments');
        const sheetRows = strFromU8(files['xl/worksheets/sheet1.xml']!).match(/<row r="\d+">[\s\S]*?<\/row>/g) ?? [];
        checkEqual(sheetRows.length - 1, total, 'rows in the XLSX');
        // The page says what arrived, with the rows counted.
        await page
          .getByRole('main')
          .getByRole('status', { name: 'Export' })
          .filter({ hasText: `Downloaded ${total} ${total === 1 ? 'row' : 'rows'} (${xlsx.suggested}).` })
          .waitFor();
        const ids = sheetRows.slice(1).map((r) => /<c><v>(\d+)<\/v><\/c>/.exec(r)?.[1]);
        checkEqual(
          ids,
          parsed.data.map((r) => r['id']),
          'the XLSX holds the CSV’s rows in the same order',
        );
      },
    );

    await t.step(
      'admin ends an active fulfillment of the broker with a reason: it shows Ended, by them, with the reason',
      async () => {
        const end = region.getByRole('button', { name: /^End / }).first();
        const label = (await end.getAttribute('aria-label')) ?? '';
        await end.click();
        const dialog = page.getByRole('dialog', { name: 'End this fulfillment?' });
        await dialog.getByRole('textbox', { name: 'Reason' }).fill('The broker’s contract with the client ended.');
        await shot('3-end-dialog');
        await dialog.getByRole('button', { name: 'End fulfillment', exact: true }).click();
        await main
          .getByRole('status', { name: 'FulFillments notice' })
          .filter({ hasText: 'Fulfillment ended.' })
          .waitFor();
        await region.getByRole('button', { name: label }).waitFor({ state: 'detached' });
        const email = label.replace(/^End .+ for /, '');
        const row = region.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Ended' }).first();
        await row.getByText(`${admin.username}: The broker’s contract with the client ended.`).waitFor();
        await shot('4-ended');
      },
    );
  },
};
