// The admin uploads a CSV of 1,000 identifiers on Segments & Tags' Bulk Tag Upload tab: every
// seeded user's email, username and id mixed, a few repeats, identifiers matching nobody and one
// row of two values. The file is read in a Web Worker (the page has no long task meanwhile); the
// dry run counts the users and lists who matches nobody; a new tag is added to them all; the
// answer reads 'Response Status : Success' with the unmatched under 'Invalid Users:'; and a
// tagged user's page shows the tag, and their History the upload with the tag by name.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import type { Locator, Page } from 'playwright-core';
import { check, CheckFailed, checkEqual, waitForPath } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import { ARTIFACTS } from '../harness/paths';
import type { Scenario } from '../harness/scenario';
import { downloadCsv, openUserList, searchList, userList } from '../harness/user-pages';

const LINES = 1_000;
const FILE_NAME = 'users-to-tag.csv';
const TAG = `Upload ${Date.now().toString(36)}`;
/** Longest main-thread task the page may have while the file is read (the worker does the work). */
const LONG_TASK_LIMIT_MS = 200;

const n = (x: number) => x.toLocaleString('en-US');

interface SeededUser {
  id: string;
  email: string;
  username: string;
}

/** What the file holds and what the page must make of it. */
interface UploadFile {
  lines: string[];
  /** Distinct identifiers the worker keeps (the unmatched among them). */
  identifiers: number;
  /** Users the matching identifiers name. */
  users: Map<string, SeededUser>;
  unmatched: string[];
  /** Row numbers (1-based) of the rows not taken, with the start of their reason. */
  notTaken: { row: number; value: string; reason: string }[];
}

/**
 * 1,000 lines: each user's email, username and id in turn (rotated per user, so kinds mix), four
 * identifiers nobody holds spread through the file, one row of two values, and repeats of earlier
 * rows (one in upper case) to fill up to 1,000.
 */
function buildFile(seeded: SeededUser[]): UploadFile {
  const stamp = Date.now().toString(36);
  const unmatched = [
    `nobody.${stamp}@example.invalid`,
    `no_such_user_${stamp}`,
    '987654321',
    `ghost-${stamp}@nowhere.test`,
  ];
  const pairUser = seeded[1]!;
  const pair = `${pairUser.email},${pairUser.username}`;
  const repeatsAtLeast = 5;
  const room = LINES - unmatched.length - 1 - repeatsAtLeast;
  const named = seeded
    .flatMap((u, i) => {
      const kinds = [u.email, u.username, u.id];
      return [0, 1, 2].map((k) => ({ user: u, value: kinds[(i + k) % 3]! }));
    })
    .slice(0, room);

  const lines = named.map((x) => x.value);
  // The odd rows go in at fixed places, later ones first so earlier indexes hold.
  const odd: [number, string][] = [
    [120, unmatched[0]!],
    [333, unmatched[1]!],
    [500, pair],
    [640, unmatched[2]!],
    [870, unmatched[3]!],
  ];
  for (const [at, value] of odd.filter(([at]) => at < lines.length).reverse()) lines.splice(at, 0, value);
  for (const [, value] of odd.filter(([at]) => at >= lines.length)) lines.push(value);
  // Repeats: the first one in upper case (identifiers are kept once, whatever their case).
  for (let i = 0; lines.length < LINES; i++) {
    const first = named[(i * 37) % named.length]!.value;
    lines.push(i === 0 ? first.toUpperCase() : first);
  }

  const firstRow = new Map<string, number>();
  const notTaken: UploadFile['notTaken'] = [];
  lines.forEach((value, index) => {
    const row = index + 1;
    if (value === pair) return notTaken.push({ row, value, reason: '2 values in one row' });
    const key = value.toLowerCase();
    const seen = firstRow.get(key);
    if (seen !== undefined) return notTaken.push({ row, value, reason: `Repeats row ${n(seen)}` });
    firstRow.set(key, row);
    return undefined;
  });
  return {
    lines,
    identifiers: firstRow.size,
    users: new Map(named.map((x) => [x.user.id, x.user])),
    unmatched,
    notTaken,
  };
}

/** Starts recording the page's long tasks (main thread busy over 50 ms). */
async function watchLongTasks(page: Page): Promise<void> {
  const supported = await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'));
  check(supported, 'the browser reports long tasks (else "none" would prove nothing)');
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
}

/** Clicks a download button (a CSV the page builds), keeps the file among the artifacts, reads its rows. */
async function download(button: Locator, saveAs: string): Promise<{ suggested: string; rows: string[][] }> {
  const [file] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  const failure = await file.failure();
  if (failure) throw new CheckFailed(`the download ${saveAs} failed: ${failure}`);
  const dir = path.join(ARTIFACTS, 'downloads');
  mkdirSync(dir, { recursive: true });
  await file.saveAs(path.join(dir, saveAs));
  const parsed = Papa.parse<string[]>(readFileSync(path.join(dir, saveAs), 'utf8'), { skipEmptyLines: true });
  return { suggested: file.suggestedFilename(), rows: parsed.data };
}

const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);

export const scenario: Scenario = {
  name: 'Bulk tags: a CSV of 1,000 identifiers read, checked and tagged',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    await signIn(t, page, t.world.account('app', 'admin'));
    const main = page.getByRole('main');
    const usersGroup = main.getByRole('group', { name: 'Users', exact: true });
    const fileRead = main.getByRole('region', { name: 'File read' });
    const dryRun = main.getByRole('region', { name: 'Dry run' });
    const tags = main.getByRole('group', { name: 'Tags', exact: true });
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-e2e-bulk-tags-'));
    const file = path.join(dir, FILE_NAME);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    try {
      const upload = await t.step('All Users: export every user', async () => {
        await openUserList(page);
        const csv = await downloadCsv(page, 'users-for-bulk-tags.csv');
        const seeded = csv.rows
          .filter((r) => r['deleted'] === 'false' && r['username'] && r['email'])
          .map((r) => ({ id: r['id']!, email: r['email']!, username: r['username']! }));
        check(seeded.length > 250, `the export lists the seeded users (${seeded.length})`);
        const built = buildFile(seeded);
        checkEqual(built.lines.length, LINES, 'lines in the file');
        writeFileSync(file, built.lines.join('\n') + '\n');
        t.note(
          `${n(built.identifiers)} identifiers naming ${n(built.users.size)} users, ${built.notTaken.length} rows not taken`,
        );
        return built;
      });

      await t.step('Segments & Tags: the Bulk Tag Upload tab', async () => {
        await shell(page).menu.getByRole('link', { name: 'Segments & Tags', exact: true }).click();
        await waitForPath(page, '/segments_n_tags');
        await main.getByRole('tab', { name: 'Bulk Tag Upload', selected: true }).waitFor();
        for (const heading of ['1. Users', '2. Tags', '3. Check and apply']) {
          await main.getByRole('heading', { name: heading, exact: true }).waitFor();
        }
        const input = usersGroup.getByLabel('Users CSV');
        checkEqual(await input.getAttribute('type'), 'file', 'the CSV box is a file input');
        const hint = await input.evaluate(
          (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
        );
        checkEqual(
          hint,
          "Upload CSV of User's email or username or user_id.",
          'the hint under the file input (spec §2)',
        );
        await tags.getByRole('textbox', { name: 'Add a tag' }).waitFor();
        check((await dryRun.getByRole('button').count()) === 0, 'no Reset Tags or Add Tags before a file is read');
      });

      await t.step(`choose ${FILE_NAME}: read in a worker, the page stays responsive`, async () => {
        await watchLongTasks(page);
        await usersGroup.getByLabel('Users CSV').setInputFiles(file);
        const sentence = fileRead.getByRole('status');
        await sentence.waitFor();
        const tasks = await longTasks(page);
        t.note(`long tasks during the read: ${tasks.length === 0 ? 'none' : tasks.map((d) => `${d} ms`).join(', ')}`);
        check(
          tasks.every((d) => d <= LONG_TASK_LIMIT_MS),
          `no main-thread task over ${LONG_TASK_LIMIT_MS} ms while the file is read (${tasks.join(', ')})`,
        );
        check(
          workers.some((url) => /identifier-file/.test(url)),
          `the file was read in the identifier-file worker (workers: ${workers.join(', ') || 'none'})`,
        );
        checkEqual(
          await sentence.innerText(),
          `${FILE_NAME}: ${n(upload.identifiers)} identifiers read; ${upload.notTaken.length} rows were not taken.`,
          'what the file held',
        );
      });

      await t.step('the rows not taken, by row number', async () => {
        const table = fileRead.getByRole('table', { name: 'Rows not taken' });
        const rows = await table.evaluate((el) =>
          [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')),
        );
        checkEqual(
          rows.map((r) => [r[0], r[1]]),
          upload.notTaken.map((p) => [String(p.row), p.value]),
          'row and value of each row not taken',
        );
        rows.forEach((r, i) =>
          check(
            r[2]!.startsWith(upload.notTaken[i]!.reason),
            `row ${r[0]}: '${r[2]}' says '${upload.notTaken[i]!.reason}'`,
          ),
        );
        // The table scrolls in its own box: the tags stay within reach, however many rows are listed.
        const tagsTop = await main
          .getByRole('heading', { name: '2. Tags', exact: true })
          .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        check(
          tagsTop < 1_000,
          `'2. Tags' starts near the top of the page, not below ${rows.length} rows (${Math.round(tagsTop)} px)`,
        );
        const csv = await download(
          fileRead.getByRole('button', { name: 'Download rows not taken (CSV)' }),
          'bulk-tags-rows-not-taken.csv',
        );
        checkEqual(csv.suggested, 'rows-not-taken.csv', 'the name of the download');
        checkEqual(
          csv.rows.slice(1).map((r) => [r[0], r[1]]),
          upload.notTaken.map((p) => [String(p.row), p.value]),
          'the rows not taken in the download',
        );
        await main.getByText('Choose the tags to check the file against the users.', { exact: true }).waitFor();
      });

      await t.step(`Create Tag '${TAG}': chosen, and the dry run runs`, async () => {
        await tags.getByRole('textbox', { name: 'Add a tag' }).fill(TAG);
        await tags.getByRole('button', { name: `Create tag '${TAG}'`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Create Tag' });
        await dialog.getByText('The new tag is chosen once it is created.').waitFor();
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
        await tags.getByRole('list', { name: 'Chosen tags' }).getByText(TAG, { exact: true }).waitFor();
      });

      await t.step('the dry run: users matched, identifiers matching nobody', async () => {
        const result = dryRun.getByRole('status', { name: 'Dry run result' });
        await result.waitFor({ timeout: 30_000 });
        const users = n(upload.users.size);
        checkEqual(
          await result.innerText(),
          `${n(upload.identifiers - upload.unmatched.length)} identifiers match ${users} users; ${upload.unmatched.length} match nobody. ` +
            `Reset Tags would change ${users} users' tags; Add Tags would change ${users} users'.`,
          'the dry run',
        );
        checkEqual(
          await dryRun.getByRole('list', { name: 'Identifiers matching nobody' }).getByRole('listitem').allInnerTexts(),
          upload.unmatched,
          'the identifiers matching nobody, in file order',
        );
        check(await dryRun.getByRole('button', { name: 'Add Tags', exact: true }).isEnabled(), 'Add Tags is offered');
        check(
          await dryRun.getByRole('button', { name: 'Reset Tags', exact: true }).isEnabled(),
          'Reset Tags is offered',
        );
      });

      await t.step('Add Tags: the confirmation counts the users', async () => {
        await dryRun.getByRole('button', { name: 'Add Tags', exact: true }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Add Tags?' });
        await confirm.waitFor();
        const users = n(upload.users.size);
        checkEqual(
          await confirm.getByText(/^The chosen tags are added/).innerText(),
          `The chosen tags are added to ${users} users; the tags they hold stay. ${users} users' tags change.`,
          'the confirmation',
        );
      });

      await t.step("confirm: 'Response Status : Success' and the Invalid Users", async () => {
        await page
          .getByRole('alertdialog', { name: 'Add Tags?' })
          .getByRole('button', { name: 'Add Tags', exact: true })
          .click();
        const response = dryRun.getByRole('status', { name: 'Response' });
        await response.waitFor({ timeout: 30_000 });
        await response.getByText('Response Status : Success', { exact: true }).waitFor();
        await response.getByText(`${n(upload.users.size)} users' tags changed.`, { exact: true }).waitFor();
        await response.getByText('Invalid Users:', { exact: true }).waitFor();
        checkEqual(
          await response.getByRole('list', { name: 'Invalid Users' }).getByRole('listitem').allInnerTexts(),
          upload.unmatched,
          'the Invalid Users: the identifiers matching nobody',
        );
        const csv = await download(
          response.getByRole('button', { name: 'Download invalid users (CSV)' }),
          'bulk-tags-invalid-users.csv',
        );
        checkEqual(
          csv.rows,
          [['identifier'], ...upload.unmatched.map((u) => [u])],
          'the invalid users in the download',
        );
        check(await usersGroup.getByLabel('Users CSV').isEnabled(), 'another file may be chosen');
      });

      // One of the users the file names, found in All Users by email.
      const tagged = [...upload.users.values()][40]!;
      await t.step(`${tagged.email}'s page shows '${TAG}'`, async () => {
        await openUserList(page);
        await searchList(page, tagged.email);
        await userList(page).region.getByRole('link').first().click();
        await waitForPath(page, `/user_list/${tagged.id}`);
        await main.getByRole('list', { name: 'Chosen tags' }).getByText(TAG, { exact: true }).waitFor();
        check(t.dialogs(page).length === 0, 'leaving after Success asked nothing');
      });

      await t.step(`${tagged.email}'s History lists the upload, '${TAG}' by name`, async () => {
        await main.getByRole('tab', { name: 'History', exact: true }).click();
        const item = main.getByRole('list', { name: 'History' }).getByRole('listitem').first();
        await item.waitFor();
        checkEqual(await item.getAttribute('aria-label'), `tags added: user #${tagged.id}`, 'the newest entry');
        const after = await item.getByRole('row', { name: 'Tags', exact: true }).getByRole('cell').last().innerText();
        check(after.split(', ').includes(TAG), `the tags after name '${TAG}' (read: ${after})`);
        await page.screenshot({ path: path.join(ARTIFACTS, 'bulk-tags', 'user-history.png'), fullPage: true });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
