// A group's whole life across the two group screens: created on Group Management for Northwind
// Capital, found on Group ManagementV2 and filled by a 500-row CSV built from the All Users export
// (the organization's users by email, username and id, named again, repeated, plus identifiers
// nobody holds, users of other organizations and a two-value row), then back on Group Management
// AutoShare and Thesis group turned on and a member removed (asked first); a reload shows it all as saved.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { UPLOAD_REASONS } from '../../../src/domain/groups-v2';
import { READER_REASON } from '../../../src/sections/groups-v2/groups-v2-upload.selectors';
import { check, checkEqual, waitForPath } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { downloadCsv, openUserList } from '../harness/user-pages';

const ORG = 'Northwind Capital';
const LINES = 500;
const FILE_NAME = 'group-lifecycle.csv';
/** The two-value row's place in the file (row 1 is the header), early so the table lists it. */
const TWO_VALUE_AT = 3;

const n = (x: number) => x.toLocaleString('en-US');
const count = (text: string, pattern: RegExp) => Number(text.match(pattern)![1]!.replace(/,/g, ''));

interface ExportedUser {
  id: string;
  email: string;
  username: string;
  organization: string;
}

interface Built {
  lines: string[];
  ghosts: string[];
  strangers: ExportedUser[];
  again: number;
  repeats: number;
  twoValues: string;
}

/**
 * 500 lines from the organization's users: each once (email, username, id in turn), each again by
 * another identifier, exact repeats to fill; early in the file four identifiers nobody holds,
 * three users of other organizations and one row of two values.
 */
function buildFile(own: ExportedUser[], others: ExportedUser[], stamp: string): Built {
  const kinds = (u: ExportedUser) => [u.email, u.username, u.id];
  const once = own.map((u, i) => kinds(u)[i % 3]!);
  const again = own.map((u, i) => kinds(u)[(i + 1) % 3]!);
  const ghosts = [
    `nobody.${stamp}@example.invalid`,
    `no_such_user_${stamp}`,
    '987654321',
    `ghost-${stamp}@nowhere.test`,
  ];
  const strangers = others.slice(0, 3);
  const twoValues = `${own[0]!.email},${own[1]!.username}`;
  const lines = [...once];
  lines.splice(TWO_VALUE_AT - 2, 0, twoValues);
  for (const [i, g] of ghosts.entries()) lines.splice(6 + i * 4, 0, g);
  for (const [i, u] of strangers.entries()) lines.splice(8 + i * 4, 0, kinds(u)[i % 3]!);
  lines.push(...again);
  let repeats = 0;
  for (let i = 0; lines.length < LINES; i++, repeats++) lines.push(once[(i * 7) % once.length]!);
  return { lines, ghosts, strangers, again: again.length, repeats, twoValues };
}

/** Group Management (v1): the organization's groups as cards. */
function v1(page: Page, group: string) {
  const card = page.getByRole('region', { name: `Group ${group}`, exact: true });
  return {
    /** Opens the card (a large organization shows its groups closed) and every page of its members. */
    async openAll(): Promise<void> {
      const toggle = card.getByRole('button', { name: group, exact: true });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      // Each Load more asks the server for the next 50: wait for them before asking again.
      const shown = card.getByLabel(`Members of ${group}: shown`);
      const members = card.getByRole('list', { name: `Members of ${group}` }).getByRole('listitem');
      while (await shown.count()) {
        const before = await members.count();
        await card.getByRole('button', { name: 'Load more' }).click();
        await members.nth(before).waitFor();
      }
    },
    org: page.getByRole('combobox', { name: 'Organization' }),
    summary: page.getByLabel('Group summary'),
    card,
    members: card.getByRole('list', { name: `Members of ${group}` }).getByRole('listitem'),
    switchOf: (name: string) => card.getByRole('switch', { name: new RegExp(`^${name}`) }),
    notice: page.getByLabel('Groups notice'),
  };
}

async function pickOrganization(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Organization' }).fill('North');
  await page.getByRole('option', { name: new RegExp(ORG) }).click();
  await page.getByLabel('Group summary').waitFor();
}

const lonersOf = async (page: Page) =>
  count(await page.getByLabel('Group summary').innerText(), /([\d,]+) users? in no group/);

export const scenario: Scenario = {
  name: 'Group lifecycle: created, 500 rows uploaded in v2, switches set, a member removed, reloaded',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    await signIn(t, page, t.world.account('app', 'admin'));
    const stamp = Date.now().toString(36);
    const GROUP = `Lifecycle ${stamp}`;
    const s = v1(page, GROUP);
    const main = page.getByRole('main');
    const upload = main.getByRole('region', { name: 'Bulk membership upload' });
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-e2e-group-lifecycle-'));
    const file = path.join(dir, FILE_NAME);

    try {
      const { built, own } = await t.step(`All Users: the export, ${ORG}'s users and a few of others`, async () => {
        await openUserList(page);
        const csv = await downloadCsv(page, 'users-for-group-lifecycle.csv');
        const live = csv.rows
          .filter((r) => r['deleted'] === 'false' && r['username'] && r['email'])
          .map((r) => ({
            id: r['id']!,
            email: r['email']!,
            username: r['username']!,
            organization: r['organization'] ?? '',
          }));
        const own = live.filter((u) => u.organization === ORG);
        const others = live.filter((u) => u.organization !== '' && u.organization !== ORG);
        check(own.length >= 10, `${ORG} has users in the export (${own.length})`);
        check(others.length >= 3, 'other organizations have users');
        const built = buildFile(own, others, stamp);
        checkEqual(built.lines.length, LINES, 'lines in the file');
        writeFileSync(file, `identifier\n${built.lines.join('\n')}\n`);
        t.note(
          `${ORG}: ${own.length} users; ${LINES} rows: ${built.ghosts.length} nobody holds, ${built.strangers.length} of other organizations, ` +
            `1 of two values, ${built.again} named again, ${built.repeats} exact repeats`,
        );
        return { built, own };
      });

      await t.step(`Group Management: ${ORG}, Create Group '${GROUP}'`, async () => {
        await shell(page).menu.getByRole('link', { name: 'Group Management', exact: true }).click();
        await waitForPath(page, '/modify_groups');
        await page.getByText('Pick an organization to see its groups.').waitFor();
        await pickOrganization(page);
        await page.getByRole('button', { name: 'Create Group' }).click();
        await page.getByLabel('Group name').fill(GROUP);
        await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
        await s.notice.filter({ hasText: `Group '${GROUP}' created.` }).waitFor();
        await s.card.getByText('No members yet.').waitFor();
        const loners = await lonersOf(page);
        t.note(`${n(loners)} users of ${ORG} in no group`);
        check(loners > 0, 'some users of the organization are in no group');
      });

      const members = main.getByRole('region', { name: 'Members' });
      async function openInV2(): Promise<void> {
        await main.getByRole('textbox', { name: 'Search groups by name' }).fill(GROUP);
        await main.getByRole('button', { name: 'Search', exact: true }).click();
        await main.getByRole('status', { name: 'Groups shown' }).getByText(`1 group named like “${GROUP}”.`).waitFor();
        await main.getByRole('button', { name: `Open ${GROUP}`, exact: true }).click();
        await main.getByRole('heading', { name: GROUP, exact: true }).waitFor();
      }

      await t.step(`Group ManagementV2: '${GROUP}' found, of ${ORG}, no members`, async () => {
        await shell(page).menu.getByRole('link', { name: 'Group ManagementV2', exact: true }).click();
        await waitForPath(page, '/modify_groups_v2');
        await main.getByRole('status', { name: 'Groups shown' }).waitFor();
        await openInV2();
        await main.getByText(` · ${ORG} · 0 members`, { exact: false }).waitFor();
      });

      const toAdd = own.length;
      await t.step(`choose ${FILE_NAME}: the preview, row by row`, async () => {
        await upload.getByLabel('Members CSV').setInputFiles(file);
        const result = upload.getByRole('status', { name: 'Preview result' });
        await result.waitFor({ timeout: 30_000 });
        checkEqual(
          await result.innerText(),
          `${FILE_NAME}: ${n(toAdd)} rows to add; ${n(LINES - toAdd)} rows not taken. The group has 0 members.`,
          'the preview',
        );
        const rows = await upload
          .getByRole('table', { name: 'Rows not taken' })
          .evaluate((el) =>
            [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')),
          );
        for (const g of built.ghosts)
          check(
            rows.some((r) => r[1] === g && r[2] === UPLOAD_REASONS.noSuchUser),
            `${g}: no such user`,
          );
        for (const u of built.strangers) {
          check(
            rows.some(
              (r) =>
                [u.email, u.username, u.id].includes(r[1]!) &&
                r[2] === UPLOAD_REASONS.otherOrganization(u.organization),
            ),
            `${u.username}: of another organization (${u.organization})`,
          );
        }
        check(
          rows.some(
            (r) => r[0] === String(TWO_VALUE_AT) && r[1] === built.twoValues && r[2]!.startsWith('2 values in one row'),
          ),
          `row ${TWO_VALUE_AT}: two values in one row`,
        );
        const why = await upload
          .getByRole('list', { name: 'Why rows are not taken' })
          .getByRole('listitem')
          .allInnerTexts();
        t.note(why.join(' | '));
        check(
          why.includes(`${built.ghosts.length} rows: ${UPLOAD_REASONS.noSuchUser}`),
          'the identifiers nobody holds are counted',
        );
        check(why.includes(`${n(built.again)} rows: ${UPLOAD_REASONS.sameUser}`), 'the users named again are counted');
        check(
          why.includes(`${n(built.repeats + 1)} rows: ${READER_REASON}`),
          "the exact repeats and the two-value row are the reader's",
        );
        const strangerRows = why
          .filter((w) => w.includes('another organization'))
          .reduce((sum, w) => sum + count(w, /^([\d,]+) rows?:/), 0);
        checkEqual(strangerRows, built.strangers.length, 'rows of other organizations');
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
          `Response Status : Success. ${n(toAdd)} users added; ${n(LINES - toAdd)} rows not added. The group had 0 members and has ${n(toAdd)} members.`,
          'the answer',
        );
        const why = await upload
          .getByRole('list', { name: 'Why rows were not added' })
          .getByRole('listitem')
          .allInnerTexts();
        check(
          why.includes(`${built.ghosts.length} rows: ${UPLOAD_REASONS.noSuchUser}`),
          'the report gives the reasons again',
        );
        await upload.getByRole('table', { name: 'Rows not added' }).waitFor();
        await main.getByText(new RegExp(` · ${ORG} · ${n(toAdd)} members$`)).waitFor({ timeout: 15_000 });
        await members.getByText(`${n(toAdd)} members`, { exact: true }).waitFor();
      });

      // The member to remove: one in no other group of the organization (the seed leaves some
      // users in none), so the summary's users in no group must count them once removed.
      const leaving = await t.step(`Group Management: '${GROUP}' holds the ${n(toAdd)} users`, async () => {
        await shell(page).menu.getByRole('link', { name: 'Group Management', exact: true }).click();
        await waitForPath(page, '/modify_groups');
        await page.getByText('Pick an organization to see its groups.').waitFor();
        await pickOrganization(page);
        await s.card.waitFor();
        checkEqual(
          await s.card.getByText(`${n(toAdd)} members`, { exact: true }).count(),
          1,
          'the member count on the card',
        );
        await s.openAll();
        checkEqual(await s.members.count(), toAdd, 'every uploaded user is listed');
        checkEqual(await lonersOf(page), 0, 'every user of the organization is in a group now');
        // The filter says in how many groups a member is: one is in this group alone.
        const filter = page.getByRole('searchbox', { name: 'Filter members' });
        let alone: (typeof own)[number] | undefined;
        for (const u of own) {
          await filter.fill(u.username);
          const said = page.getByLabel('Filter matches').filter({ hasText: `“${u.username}”` });
          await said.waitFor();
          if ((await said.innerText()) === `1 person matches “${u.username}”: in 1 group.` && (await s.card.count())) {
            alone = u;
            break;
          }
        }
        await filter.fill('');
        check(alone !== undefined, `a member of '${GROUP}' is in no other group`);
        t.note(`${alone!.username} is in no other group`);
        return alone!;
      });

      await t.step('AutoShare on: AutoShare Settings saved', async () => {
        await s.switchOf('AutoShare').click();
        await s.notice.filter({ hasText: 'AutoShare Settings saved' }).waitFor();
        check(await s.switchOf('AutoShare').isChecked(), 'AutoShare is on');
      });
      await t.step('Thesis group on: updated', async () => {
        await s.switchOf('Thesis group').click();
        await s.notice.filter({ hasText: /^updated$/ }).waitFor();
        check(await s.switchOf('Thesis group').isChecked(), 'Thesis group is on');
      });

      await t.step(`remove ${leaving.username}: Member removed, in no group now`, async () => {
        await s.openAll();
        await s.card.getByRole('button', { name: `Remove ${leaving.username} from ${GROUP}`, exact: true }).click();
        const question = page.getByRole('alertdialog', { name: `Remove ${leaving.username} from ${GROUP}?` });
        await question.getByRole('button', { name: 'Remove', exact: true }).click();
        await s.notice.filter({ hasText: 'Member removed.' }).waitFor();
        // The page behind a question is out of the accessibility tree until the question has gone.
        await s.card.waitFor();
        await s.openAll();
        checkEqual(await s.members.count(), toAdd - 1, 'one member fewer');
        checkEqual(await lonersOf(page), 1, 'users in no group');
      });

      await t.step('reload: the group as saved', async () => {
        await page.reload();
        // The address keeps the organization (decision 097).
        await s.card.waitFor();
        await s.card.getByText(`${n(toAdd - 1)} members`, { exact: true }).waitFor();
        await s.openAll();
        checkEqual(await s.members.count(), toAdd - 1, 'the members after the removal');
        const names = (await s.members.allInnerTexts()).map((line) => line.split(' · ')[1]!.trim());
        check(!names.includes(leaving.username), `${leaving.username} is gone`);
        checkEqual(await lonersOf(page), 1, `users in no group: ${leaving.username}`);
        check(await s.switchOf('AutoShare').isChecked(), 'AutoShare stays on');
        check(await s.switchOf('Thesis group').isChecked(), 'Thesis group stays on');
        check(!(await s.switchOf('Collab group').isChecked()), 'Collab group stays off');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
