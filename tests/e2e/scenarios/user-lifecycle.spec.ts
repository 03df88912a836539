// The admin creates a user in two steps, finds them in All Users by their email, moves them to
// another organisation through both 'Account Update' warnings, and exports them as CSV: the
// downloaded file, parsed, holds the header and their row with the saved organisation.
import { expiryDayText } from '../../../src/domain/format';
import { nameProduct } from '../../../src/domain/product';
import { dataPlanMessages, expiryDefault, formatExpiry, todayOf } from '../../../src/domain/user-rules';
import { EXPORT_COLUMNS } from '../../../src/domain/users';
import path from 'node:path';
import { check, checkEqual, eventually, pathOf, waitForPath } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import {
  choose,
  createForm,
  downloadCsv,
  editPage,
  listRows,
  listTotal,
  openUserList,
  pickOrganisation,
  productKey,
  productName,
  searchList,
  shownVersion,
  userList,
} from '../harness/user-pages';

/** Who is created; the email is new to the seeded database. */
const PERSON = { first: 'Rosalind', last: 'Franklin', email: 'rosalind.franklin@e2e-lab.example' } as const;
const NAME = `${PERSON.first} ${PERSON.last}`;
/** Seeded organisations (server/db/seed.ts): where they start, and where they move to. */
const FIRST_ORG = { typed: 'Gr', name: 'Granite Peak Partners' } as const;
const NEXT_ORG = { typed: 'Su', name: 'Summit Ridge Capital' } as const;

const expiryFor = (userType: string | null) => formatExpiry(expiryDefault(userType, todayOf(new Date(), 'local')));

export const scenario: Scenario = {
  name: 'Admin creates a user, finds them by email, moves them to another organisation and exports them',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    const product = await productKey(page);
    // Labels say the display name; the data plan messages are worded with it too.
    const name = await productName(page);
    nameProduct(product, name);
    const form = createForm(page, name);

    // ── create, step one ──
    await t.step('Create User from the menu: step 1 of 2', async () => {
      await shell(page).menu.getByRole('link', { name: 'Create User', exact: true }).click();
      await waitForPath(page, '/create_user');
      await form.step1Heading.waitFor();
      checkEqual(await form.organisation.getAttribute('placeholder'), 'Organization', 'the picker placeholder');
      checkEqual(await form.expiry.getAttribute('placeholder'), 'MM-dd-yyyy', 'the expiry placeholder');
      // §4: without a user type the expiry counts as unassigned.
      checkEqual(await form.expiry.inputValue(), expiryFor(null), 'the expiry before a user type is chosen');
      check(
        (await form.configuration.innerText()).includes(`${name} Basic`),
        `the configuration starts at ${name} Basic (${product}_basic)`,
      );
    });
    await t.step(
      `organisation: '${FIRST_ORG.typed[0]}' asks for more, '${FIRST_ORG.typed}' lists ${FIRST_ORG.name}`,
      async () => {
        await pickOrganisation(form.organisation, FIRST_ORG.typed, FIRST_ORG.name);
        checkEqual(await form.organisation.inputValue(), FIRST_ORG.name, 'the organisation chosen');
      },
    );
    const expiry = await t.step('user type Trial: the expiry follows the type (§4)', async () => {
      await choose(page, form.userType, 'Trial');
      const expected = expiryFor('trial');
      await eventually(`the expiry ${expected}`, async () =>
        (await form.expiry.inputValue()) === expected ? true : undefined,
      );
      return expected;
    });
    const owner = await t.step('category General and an owner', async () => {
      await choose(page, form.category, 'General');
      return choose(page, form.owner, /./);
    });
    await t.step('data plan: shareholder data brings Data along, with the §5 notice', async () => {
      const messages = dataPlanMessages(product);
      await form.dataPlan.getByRole('checkbox', { name: 'Shareholder data', exact: true }).click();
      await form.dataPlan.getByRole('status').filter({ hasText: messages.shareholderNeedsData }).waitFor();
      check(
        await form.dataPlan.getByRole('checkbox', { name: `${name} Data`, exact: true }).isChecked(),
        `${name} Data is ticked for them`,
      );
      check(
        await form.dataPlan.getByRole('checkbox', { name: 'Shareholder data', exact: true }).isChecked(),
        'shareholder data stays ticked',
      );
      check((await form.step1.getByRole('alert').count()) === 0, 'no error on step one');
    });
    await t.step('Next: step 2 of 2 names what was chosen', async () => {
      await form.next.click();
      await form.step2Heading.waitFor();
      await form.step2
        .getByText(`${FIRST_ORG.name} · Trial · expires ${expiryDayText(expiry)}`, { exact: true })
        .waitFor();
    });

    // ── create, step two ──
    await t.step('one user: first name, last name and email', async () => {
      await form.firstName.fill(PERSON.first);
      await form.lastName.fill(PERSON.last);
      await form.email.fill(PERSON.email);
      check((await form.step2.getByRole('alert').count()) === 0, 'no error on step two');
    });
    const userId = await t.step('Create user: the created confirmation', async () => {
      await form.create.click();
      await form.createdHeading.waitFor({ timeout: 30_000 });
      const message = await page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /^Created / })
        .first()
        .innerText();
      check(message.startsWith('Created 1 user.'), `the confirmation says one user was created: "${message}"`);
      const row = form.createdTable.getByRole('row').filter({ hasText: PERSON.email });
      await row.waitFor();
      const href = await row.getByRole('link').getAttribute('href');
      const id = Number(/^\/user_list\/(\d+)$/.exec(href ?? '')?.[1]);
      check(id > 0, `the created user links to their page (${href})`);
      t.note(`created user #${id}, owner ${owner}`);
      return id;
    });

    // ── find ──
    await t.step('All Users: searching their email finds exactly them', async () => {
      await openUserList(page);
      const rows = await searchList(page, PERSON.email);
      checkEqual(
        rows.map((r) => [r['Name'], r['Email'], r['Organization'], r['Type'], r['Category'], r['Active'], r['Expiry']]),
        [[NAME, PERSON.email, FIRST_ORG.name, 'Trial', 'General', 'Yes', expiryDayText(expiry)]],
        'the rows found',
      );
      checkEqual((await userList(page).rowsShown.innerText()).trim(), '1–1 of 1', 'the count shown');
    });
    const version = await t.step('open them from the list', async () => {
      await userList(page).userLink(NAME).click();
      await waitForPath(page, `/user_list/${userId}`);
      await page.getByRole('main').getByRole('heading', { name: NAME, level: 2 }).waitFor();
      checkEqual(await editPage(page).organisation.inputValue(), FIRST_ORG.name, 'the organisation on their page');
      checkEqual(await editPage(page).firstName.inputValue(), PERSON.first, 'the first name on their page');
      return shownVersion(page);
    });
    await t.step('their page names type, category, owner and data plan as Create User did', async () => {
      const edit = editPage(page);
      checkEqual((await edit.userType.innerText()).trim(), 'Trial', 'the user type');
      checkEqual((await edit.category.innerText()).trim(), 'General', 'the category');
      checkEqual((await edit.owner(name).innerText()).trim(), owner, 'the owner, as the create screen offered it');
      check(
        await edit.dataPlan.getByRole('checkbox', { name: `${name} Data`, exact: true }).isChecked(),
        `${name} Data is ticked`,
      );
      check(
        await edit.dataPlan.getByRole('checkbox', { name: 'Shareholder data', exact: true }).isChecked(),
        'Shareholder data is ticked',
      );
    });

    // ── organisation change ──
    const edit = editPage(page);
    const description = () => edit.orgDialog.locator('p').first().innerText();
    await t.step(`a new organisation (${NEXT_ORG.name}) asks first: Account Update`, async () => {
      await pickOrganisation(edit.organisation, NEXT_ORG.typed, NEXT_ORG.name);
      await edit.orgDialog.waitFor();
      check(
        (await description()).startsWith(`You are moving ${NAME} from ${FIRST_ORG.name} to ${NEXT_ORG.name}.`),
        `the first warning names both organisations: "${await description()}"`,
      );
      await edit.orgDialog.getByRole('button', { name: 'Different Org', exact: true }).waitFor();
    });
    await t.step("'Cancel (Same Org)' keeps the earlier organisation", async () => {
      await edit.orgDialog.getByRole('button', { name: 'Cancel (Same Org)', exact: true }).click();
      await edit.orgDialog.waitFor({ state: 'hidden' });
      checkEqual(await edit.organisation.inputValue(), FIRST_ORG.name, 'the organisation after Cancel (Same Org)');
      checkEqual(await edit.unsaved.innerText(), 'No unsaved changes.', 'the form after Cancel (Same Org)');
    });
    await t.step("again, 'Different Org': the second warning", async () => {
      await pickOrganisation(edit.organisation, NEXT_ORG.typed, NEXT_ORG.name);
      await edit.orgDialog.getByRole('button', { name: 'Different Org', exact: true }).click();
      await edit.orgDialog.getByRole('button', { name: 'Confirm', exact: true }).waitFor();
      check(
        (await description()).startsWith(`${NEXT_ORG.name} is a different organization.`),
        `the second warning: "${await description()}"`,
      );
      await edit.orgDialog.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    });
    await t.step("'Confirm': the move waits for Save", async () => {
      await edit.orgDialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await edit.orgDialog.waitFor({ state: 'hidden' });
      checkEqual(await edit.organisation.inputValue(), NEXT_ORG.name, 'the organisation after Confirm');
      checkEqual(await edit.unsaved.innerText(), 'Unsaved changes: Organization.', 'the unsaved change');
      await page
        .getByRole('main')
        .getByText(/^Moving to a different organization/)
        .waitFor();
    });
    await t.step('Save: the new organisation is stored', async () => {
      await edit.save.click();
      await edit.outcome.waitFor();
      const outcome = await edit.outcome.innerText();
      check(outcome.includes(`Moved to ${NEXT_ORG.name}`), `the outcome names the move: "${outcome}"`);
      await eventually('the next version in the header', async () =>
        (await shownVersion(page)) === version + 1 ? true : undefined,
      );
      checkEqual(await edit.unsaved.innerText(), 'No unsaved changes.', 'the form after Save');
      checkEqual(await edit.organisation.inputValue(), NEXT_ORG.name, 'the organisation after Save');
    });
    await t.step('the message is transient: the next click takes it away (spec §2)', async () => {
      await page.getByRole('main').getByRole('heading', { name: NAME, level: 2 }).click();
      await edit.outcome.waitFor({ state: 'detached' });
    });
    await t.step('Super admin asks first; Cancel leaves the switch off and focus on it', async () => {
      const main = page.getByRole('main');
      await main.getByRole('tab', { name: 'Administrator privileges' }).click();
      const superAdmin = main.getByRole('switch', { name: 'Super admin' });
      await superAdmin.click();
      const dialog = page.getByRole('alertdialog', { name: `Grant Super admin to ${PERSON.email}?` });
      await dialog.waitFor();
      await page.screenshot({ path: path.join(ARTIFACTS, 'user-lifecycle', 'grant-super-admin.png') });
      check(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus is inside the question');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      checkEqual(await superAdmin.getAttribute('aria-checked'), 'false', 'Super admin after Cancel');
      await eventually(
        'focus back on the switch',
        async () => (await superAdmin.evaluate((el) => el === document.activeElement)) || undefined,
      );
      await main.getByRole('tab', { name: 'Profile' }).click();
    });
    await t.step('reload: the organisation persisted', async () => {
      await page.reload();
      await page.getByRole('main').getByRole('heading', { name: NAME, level: 2 }).waitFor();
      checkEqual(pathOf(page), `/user_list/${userId}`, 'the page after reload');
      checkEqual(await edit.organisation.inputValue(), NEXT_ORG.name, 'the organisation after reload');
      checkEqual(await shownVersion(page), version + 1, 'the version after reload');
    });

    // ── export ──
    await t.step('All Users: their row shows the new organisation', async () => {
      await openUserList(page);
      const rows = await searchList(page, PERSON.email);
      checkEqual(
        rows.map((r) => [r['Email'], r['Organization']]),
        [[PERSON.email, NEXT_ORG.name]],
        'the row after the move',
      );
    });
    await t.step('Export CSV of the search: the header and their row', async () => {
      const csv = await downloadCsv(page, 'users-search.csv');
      check(
        /^users-\d{4}-\d{2}-\d{2}\.csv$/.test(csv.suggested),
        `the file is named users-<date>.csv: ${csv.suggested}`,
      );
      checkEqual(csv.header, [...EXPORT_COLUMNS], 'the CSV header');
      checkEqual(csv.rows.length, 1, 'rows in the export of one match');
      const row = csv.rows[0]!;
      checkEqual(
        [
          row['id'],
          row['email'],
          row['first_name'],
          row['last_name'],
          row['organization'],
          row['user_type'],
          row['user_category'],
          row['active'],
          row['deleted'],
          row['expiry_dt'],
        ],
        [
          String(userId),
          PERSON.email,
          PERSON.first,
          PERSON.last,
          NEXT_ORG.name,
          'trial',
          'general',
          'true',
          'false',
          expiry,
        ],
        'their row in the CSV',
      );
      check(!Number.isNaN(Date.parse(row['created_at'] ?? '')), `created_at is a date-time: ${row['created_at']}`);
    });
    await t.step('Export CSV of the whole list: as many rows as the list counts', async () => {
      await searchList(page, '');
      const total = await listTotal(page);
      check(total > 300, `the seeded list counts ${total} users`);
      check((await listRows(page)).length < total, 'the screen shows one page of them');
      const csv = await downloadCsv(page, 'users-all.csv');
      checkEqual(csv.rows.length, total, 'rows in the unfiltered export');
      check(
        csv.rows.some((r) => r['email'] === PERSON.email),
        'the created user is among them',
      );
      checkEqual(new Set(csv.rows.map((r) => r['id'])).size, total, 'distinct ids in the export');
    });
  },
};
