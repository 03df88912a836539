// What a person sees and does in the user area (list, create, edit, bulk edit, export), by role
// and accessible name as the views label them.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { Locator, Page } from 'playwright-core';
import { APP_CONFIG_META } from '../../../src/domain/app-config';
import { check, CheckFailed, eventually, waitForPath } from './check';
import { shell } from './pages';
import { ARTIFACTS } from './paths';

/** The product key the server hands the panel (it names the owner field and the data plan items). */
export async function productKey(page: Page): Promise<string> {
  const key = await page.evaluate((name) => {
    const content = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
    return content ? ((JSON.parse(content) as { product_key?: string }).product_key ?? null) : null;
  }, APP_CONFIG_META);
  if (!key) throw new CheckFailed('the page carries no product key in its app config');
  return key;
}

/** The product's display name the server hands the panel: what the labels say ('Product owner'). */
export async function productName(page: Page): Promise<string> {
  const name = await page.evaluate((meta) => {
    const content = document.querySelector(`meta[name="${meta}"]`)?.getAttribute('content');
    return content ? ((JSON.parse(content) as { product_name?: string }).product_name ?? null) : null;
  }, APP_CONFIG_META);
  if (!name) throw new CheckFailed('the page carries no product name in its app config');
  return name;
}

// ── the list (/user_list) ─────────────────────────────────────────────────
export function userList(page: Page) {
  const main = page.getByRole('main');
  return {
    heading: main.getByRole('heading', { name: 'All Users', exact: true, level: 2 }),
    search: main.getByRole('searchbox', { name: 'Search users' }),
    region: main.getByRole('region', { name: 'Users', exact: true }),
    table: main.getByRole('region', { name: 'Users', exact: true }).getByRole('table'),
    rowsShown: main.getByRole('status', { name: 'Rows shown' }),
    selectPage: main.getByRole('checkbox', { name: 'Select all users on this page' }),
    bulkEdit: main.getByRole('button', { name: /^Bulk edit/ }),
    exportCsv: main.getByRole('button', { name: 'Export CSV', exact: true }),
    exportXlsx: main.getByRole('button', { name: 'Export XLSX', exact: true }),
    createUser: main.getByRole('button', { name: 'Create user', exact: true }),
    /** The link on a user's name in their row. */
    userLink: (name: string) =>
      main.getByRole('region', { name: 'Users', exact: true }).getByRole('link', { name, exact: true }),
    selectUser: (name: string) => main.getByRole('checkbox', { name: `Select ${name}`, exact: true }),
  };
}

/** One row of the list as the table shows it, by column heading ('Name', 'Email', … 'Expiry'). */
export type ListRow = Record<string, string>;

/** Waits until the list has loaded (not busy, the row count shown), then reads its rows. */
export async function listRows(page: Page): Promise<ListRow[]> {
  const list = userList(page);
  await eventually('the list loaded', async () =>
    (await list.region.getAttribute('aria-busy')) === 'false' && /\S/.test(await list.rowsShown.innerText())
      ? true
      : undefined,
  );
  return list.table.evaluate((table) => {
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    return [...table.querySelectorAll('tbody tr')].map((tr) =>
      Object.fromEntries([...tr.children].map((cell, i) => [heads[i] || `#${i}`, cell.textContent?.trim() ?? ''])),
    );
  });
}

/** Opens All Users from the menu and waits for the first page. */
export async function openUserList(page: Page): Promise<void> {
  await shell(page).menu.getByRole('link', { name: 'All Users', exact: true }).click();
  await waitForPath(page, '/user_list');
  await userList(page).heading.waitFor();
  await listRows(page);
}

/**
 * Types into the search box as a person does. After the debounce the URL carries the text; the
 * list stays busy from the first keystroke until the matching page has arrived.
 */
export async function searchList(page: Page, text: string): Promise<ListRow[]> {
  await userList(page).search.fill(text);
  await page.waitForURL((url) => searchParam(url, 'q') === text, { waitUntil: 'commit' });
  return listRows(page);
}

/** A value of the list's URL; the router writes text that would read as JSON (e.g. digits) quoted. */
export function searchParam(url: URL, name: string): string {
  const raw = url.searchParams.get(name) ?? '';
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : raw;
  } catch {
    return raw;
  }
}

/** The total after 'of' in "1–20 of 324", or 0 for "0 users". */
export async function listTotal(page: Page): Promise<number> {
  const text = await userList(page).rowsShown.innerText();
  if (/^0 users$/.test(text.trim())) return 0;
  const m = /of ([\d,]+)/.exec(text);
  if (!m) throw new CheckFailed(`no total in "${text}"`);
  return Number(m[1]!.replace(/,/g, ''));
}

// ── pickers and selects ───────────────────────────────────────────────────
/** A Radix select: open it by its trigger (a combobox named by its label), choose an option. */
export async function choose(page: Page, trigger: Locator, option: string | RegExp): Promise<string> {
  await trigger.click();
  const item = page.getByRole('option', { name: option, exact: typeof option === 'string' }).first();
  await item.waitFor();
  const text = (await item.innerText()).trim();
  await item.click();
  await eventually(`the select closed showing ${text}`, async () =>
    (await trigger.innerText()).includes(text) ? true : undefined,
  );
  return text;
}

/**
 * The organisation picker: one character asks for more, the second searches (after its debounce)
 * and lists the matches; the option is clicked as a person does. What the field then shows is the
 * form's business (the edit page first asks whether the organisation really changes).
 */
export async function pickOrganisation(picker: Locator, typed: string, option: string): Promise<void> {
  const page = picker.page();
  check(typed.length >= 2, 'the picker searches from the second character');
  await picker.click();
  await picker.fill('');
  await picker.pressSequentially(typed.slice(0, 1));
  await page.getByRole('status').filter({ hasText: 'Type at least 2 characters to search.' }).waitFor();
  await picker.pressSequentially(typed.slice(1), { delay: 40 });
  const matches = page.getByRole('listbox', { name: 'Organization matches' });
  await matches.waitFor();
  await matches.getByRole('option', { name: new RegExp(`^${escapeRegExp(option)}`) }).click();
  await matches.waitFor({ state: 'hidden' });
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ── create (/create_user) ─────────────────────────────────────────────────
export function createForm(page: Page, product: string) {
  const main = page.getByRole('main');
  const step1 = main.getByRole('form', { name: 'Account settings' });
  const step2 = main.getByRole('form', { name: 'Users' });
  return {
    heading: main.getByRole('heading', { name: 'Create User', level: 2 }),
    step1,
    step1Heading: main.getByRole('heading', { name: 'Step 1 of 2 · Account settings' }),
    organisation: step1.getByRole('combobox', { name: 'Organization', exact: true }),
    userType: step1.getByRole('combobox', { name: 'User type', exact: true }),
    category: step1.getByRole('combobox', { name: 'User category', exact: true }),
    owner: step1.getByRole('combobox', { name: `${product} owner`, exact: true }),
    configuration: step1.getByRole('combobox', { name: 'Product configuration', exact: true }),
    startup: step1.getByRole('combobox', { name: 'Startup screen', exact: true }),
    expiry: step1.getByRole('textbox', { name: 'Expiry date', exact: true }),
    dataPlan: step1.getByRole('group', { name: 'Data plan' }),
    next: step1.getByRole('button', { name: 'Next', exact: true }),
    step2,
    step2Heading: main.getByRole('heading', { name: 'Step 2 of 2 · Users' }),
    firstName: step2.getByRole('textbox', { name: 'First name', exact: true }),
    lastName: step2.getByRole('textbox', { name: 'Last name', exact: true }),
    email: step2.getByRole('textbox', { name: 'Email', exact: true }),
    username: step2.getByRole('textbox', { name: 'Username (optional)', exact: true }),
    create: step2.getByRole('button', { name: 'Create user', exact: true }),
    createdHeading: main.getByRole('heading', { name: 'Created', exact: true }),
    createdTable: main.getByRole('table', { name: 'Created users' }),
  };
}

// ── edit (/user_list/$userId) ─────────────────────────────────────────────
export function editPage(page: Page) {
  const main = page.getByRole('main');
  return {
    /** "User #12 · name · version 1 · last saved by admin" */
    summary: main.getByText(/^User #\d+ · /),
    organisation: main.getByRole('combobox', { name: 'Organization', exact: true }),
    /** The owner select; named by the product's display name, as on the create screen. */
    owner: (product: string) => main.getByRole('combobox', { name: `${product} owner`, exact: true }),
    userType: main.getByRole('combobox', { name: 'User type', exact: true }),
    category: main.getByRole('combobox', { name: 'User category', exact: true }),
    dataPlan: main.getByRole('group', { name: 'Data plan' }),
    firstName: main.getByRole('textbox', { name: 'First name', exact: true }),
    unsaved: main.getByRole('status', { name: 'Unsaved changes' }),
    save: main.getByRole('button', { name: 'Save', exact: true }),
    outcome: main.getByRole('status', { name: 'Outcome' }),
    orgDialog: page.getByRole('alertdialog', { name: 'Account Update' }),
  };
}

/** The version the edit page's header names. */
export async function shownVersion(page: Page): Promise<number> {
  const text = await editPage(page).summary.innerText();
  const m = /version (\d+)/.exec(text);
  if (!m) throw new CheckFailed(`no version in "${text}"`);
  return Number(m[1]);
}

// ── bulk edit ─────────────────────────────────────────────────────────────
export function bulkDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Bulk edit users' });
  return {
    dialog,
    usersToEdit: dialog.getByLabel('Users to edit'),
    fields: dialog.getByRole('table', { name: 'Fields to set' }),
    setField: (label: string) => dialog.getByRole('checkbox', { name: `Set ${label}`, exact: true }),
    value: (label: string) => dialog.getByRole('radiogroup', { name: `${label} value`, exact: true }),
    dateValue: (label: string) => dialog.getByRole('textbox', { name: `${label} value`, exact: true }),
    preview: dialog.getByRole('button', { name: 'Preview', exact: true }),
    apply: dialog.getByRole('button', { name: 'Apply', exact: true }),
    sample: dialog.getByRole('table', { name: 'Users that will change (sample)' }),
    report: dialog.getByRole('table', { name: 'Result per user' }),
    close: dialog.getByRole('button', { name: 'Close', exact: true }),
    status: dialog.getByRole('status'),
  };
}

/** The rows of a table in a dialog, by column heading. */
export async function tableRows(table: Locator): Promise<Record<string, string>[]> {
  return table.evaluate((t) => {
    const heads = [...t.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    return [...t.querySelectorAll('tbody tr')].map((tr) =>
      Object.fromEntries([...tr.children].map((cell, i) => [heads[i] || `#${i}`, cell.textContent?.trim() ?? ''])),
    );
  });
}

// ── export ────────────────────────────────────────────────────────────────
export interface SavedCsv {
  file: string;
  suggested: string;
  header: string[];
  rows: Record<string, string>[];
}

/**
 * Clicks Export CSV, catches the download the form post starts, keeps it among the run's
 * artifacts, and reads it back with a CSV parser.
 */
export async function downloadCsv(page: Page, saveAs: string): Promise<SavedCsv> {
  const [download] = await Promise.all([page.waitForEvent('download'), userList(page).exportCsv.click()]);
  const failure = await download.failure();
  if (failure) throw new CheckFailed(`the export download failed: ${failure}`);
  const dir = path.join(ARTIFACTS, 'downloads');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, saveAs);
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0)
    throw new CheckFailed(
      `${saveAs} does not parse as CSV: ${parsed.errors
        .slice(0, 3)
        .map((e) => e.message)
        .join('; ')}`,
    );
  return { file, suggested: download.suggestedFilename(), header: parsed.meta.fields ?? [], rows: parsed.data };
}
