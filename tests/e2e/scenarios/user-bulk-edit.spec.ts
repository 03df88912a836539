// The admin bulk-edits two users picked in All Users: Active off and a new expiry date, a preview
// that counts two changes, Apply, the report per user, and the list showing the new values for
// those two and the old ones for the rest.
import type { Locator } from 'playwright-core';
import { check, checkEqual } from '../harness/check';
import { signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expiryDayText } from '../../../src/domain/format';
import {
  bulkDialog,
  listRows,
  openUserList,
  searchList,
  tableRows,
  userList,
  type ListRow,
} from '../harness/user-pages';

/** A seeded last name (server/db/seed.ts) that several users share: a small list to pick from. */
const SEARCH = 'Kowalski';
const NEW_EXPIRY = '06-15-2031';

/** Whether the element lies within the visible box of the region (which scrolls sideways). */
async function insideRegion(element: Locator, region: Locator): Promise<boolean> {
  const [e, r] = [await element.boundingBox(), await region.boundingBox()];
  return (
    e !== null &&
    r !== null &&
    e.x >= r.x &&
    e.x + e.width <= r.x + r.width &&
    e.y >= r.y &&
    e.y + e.height <= r.y + r.height
  );
}

export const scenario: Scenario = {
  name: 'Admin bulk-edits two users picked in the list',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    const list = userList(page);
    const dialog = bulkDialog(page);
    const rowOf = (email: string) => list.table.getByRole('row').filter({ hasText: email });

    const before = await t.step(`All Users: search '${SEARCH}'`, async () => {
      await openUserList(page);
      const rows = await searchList(page, SEARCH);
      check(rows.length >= 3, `the search lists a few users (${rows.length})`);
      check(
        rows.every((r) => r['Name']?.endsWith(SEARCH)),
        'every row is a Kowalski',
      );
      check(await list.bulkEdit.isDisabled(), 'Bulk edit waits for a selection');
      return rows;
    });
    const chosen = before.slice(0, 2);
    const emails = chosen.map((r) => r['Email']!);
    await t.step('select two rows: Bulk edit (2)', async () => {
      for (const email of emails) await rowOf(email).getByRole('checkbox').click();
      for (const email of emails) check(await rowOf(email).getByRole('checkbox').isChecked(), `${email} is ticked`);
      checkEqual(await list.bulkEdit.innerText(), 'Bulk edit (2)', 'the Bulk edit button counts the selection');
    });
    await t.step('Bulk edit: the dialog names two selected users', async () => {
      await list.bulkEdit.click();
      await dialog.dialog.waitFor();
      checkEqual(await dialog.usersToEdit.innerText(), '2 selected users', 'who the edit is for');
      check(await dialog.preview.isDisabled(), 'Preview waits for a field');
    });
    await t.step(`set Active off and the expiry date ${NEW_EXPIRY}`, async () => {
      await dialog.setField('Active').click();
      await dialog.value('Active').getByRole('radio', { name: 'Off', exact: true }).click();
      await dialog.setField('Expiry date').click();
      check(await dialog.preview.isDisabled(), 'Preview waits for a real date');
      await dialog.dateValue('Expiry date').fill(NEW_EXPIRY);
      check(await dialog.value('Active').getByRole('radio', { name: 'Off', exact: true }).isChecked(), 'Off is chosen');
      check(await dialog.preview.isEnabled(), 'Preview is offered once both values are set');
    });
    await t.step('Preview: 2 users will change', async () => {
      await dialog.preview.click();
      await dialog.status.filter({ hasText: /will change/ }).waitFor();
      checkEqual(
        await dialog.status.filter({ hasText: /will change/ }).innerText(),
        '2 users will change, 0 already have these values, 0 identifiers matched nobody',
        'the preview',
      );
      await dialog.dialog.getByText(`Active: Off · Expiry date: ${NEW_EXPIRY}`).waitFor();
      const sample = await tableRows(dialog.sample);
      checkEqual(sample.map((r) => r['Email']).sort(), [...emails].sort(), 'the users that will change');
    });
    await t.step('Apply: the report per user', async () => {
      await dialog.apply.click();
      await dialog.report.waitFor({ timeout: 30_000 });
      checkEqual(
        await dialog.status.first().innerText(),
        'Updated 2 users; 0 already had these values; 0 identifiers matched nobody.',
        'the report',
      );
      const report = await tableRows(dialog.report);
      checkEqual(report.length, 2, 'rows in the report');
      const usernames = chosen.map((r) => r['Username']).sort();
      checkEqual(report.map((r) => r['Username']).sort(), usernames, 'the users reported');
      for (const r of report) {
        check(/updated/i.test(r['Result'] ?? ''), `${r['Username']} is reported updated (${r['Result']})`);
        check(
          /Active/.test(r['Changed'] ?? '') && /Expiry date/.test(r['Changed'] ?? ''),
          `${r['Username']}: both fields changed (${r['Changed']})`,
        );
      }
    });
    await t.step('Close: the list shows the new values', async () => {
      await dialog.close.click();
      await dialog.dialog.waitFor({ state: 'hidden' });
      const after = await listRows(page);
      const byEmail = new Map(after.map((r) => [r['Email'], r]));
      for (const email of emails) {
        const row = byEmail.get(email);
        check(row !== undefined, `${email} is still listed`);
        checkEqual([row!['Active'], row!['Expiry']], ['No', expiryDayText(NEW_EXPIRY)], `${email} after the bulk edit`);
        check(!(await rowOf(email).getByRole('checkbox').isChecked()), `${email} is no longer ticked`);
      }
      const untouched = (rows: readonly ListRow[]) => rows.filter((r) => !emails.includes(r['Email']!));
      checkEqual(untouched(after), untouched(before), 'the other rows are unchanged');
      checkEqual(await list.bulkEdit.innerText(), 'Bulk edit', 'the selection is cleared');
    });
    // The table may be wider than the screen; a person scrolls to the columns just changed.
    await t.step('the new values on screen', async () => {
      for (const email of emails) {
        const expiryCell = rowOf(email).getByRole('cell').last();
        if (!(await insideRegion(expiryCell, list.region)))
          t.note(`${email}: the Expiry column is outside the table's visible width until scrolled`);
        await expiryCell.scrollIntoViewIfNeeded();
        check(await insideRegion(expiryCell, list.region), `${email}: the Expiry cell can be brought into view`);
        checkEqual(await expiryCell.innerText(), expiryDayText(NEW_EXPIRY), `${email}: the Expiry shown`);
      }
    });
  },
};
