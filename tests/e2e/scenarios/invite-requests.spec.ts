// Invite Request Users (decision 064). The admin opens the section from the menu on the demo seed:
// the requests newest first, the open ones that repeat an email marked as duplicates. They filter
// to New (the URL carries it), open the approval of Hannah Okafor (her organization already
// matched), approve it with the settings offered: the row says Invited, by them, with the user
// created. The new user's Emails tab shows the invitation in the outbox, naming the username.
// Support, in a browser of its own, has no menu entry, gets the section's no-permission screen
// at its address, and the server refuses its call (403).
import path from 'node:path';
import { check, checkEqual } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import { ARTIFACTS } from '../harness/paths';
import { checkSectionRefused } from '../harness/refused-section';
import type { Scenario } from '../harness/scenario';

const SHOTS = path.join(ARTIFACTS, 'invite-requests');

export const scenario: Scenario = {
  name: 'Invite requests: admin approves a request and finds the invitation in the outbox; support is refused',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const support = t.world.account('app', 'support');
    await signIn(t, page, admin);
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: 'Invite requests' });
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const hannah = table.getByRole('row', { name: 'Hannah Okafor', exact: true });
    let username = '';

    await t.step(
      'admin opens Invite Request Users from the menu: requests newest first, duplicates marked',
      async () => {
        await shell(page).menu.getByRole('link', { name: 'Invite Request Users', exact: true }).click();
        await main.getByRole('heading', { name: 'Invite Request Users' }).waitFor();
        await hannah.waitFor();
        const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
        // The first column's header names its boxes for screen readers.
        checkEqual(
          headers,
          ['Choose', 'Person', 'Organization', 'Message', 'Asked', 'Status', 'Actions'],
          'the columns',
        );
        const duplicates = await table.getByLabel('Duplicate').allInnerTexts();
        check(
          duplicates.some((d) => /^A user with this email already exists \(/.test(d)),
          `a user's email marked: ${duplicates.join(' | ')}`,
        );
        check(
          duplicates.some((d) => /^Another open request \(#\d+\) asks for the same email/.test(d)),
          `a repeated request marked: ${duplicates.join(' | ')}`,
        );
        await shot('1-list');
      },
    );

    await t.step('admin filters to New: the URL carries it, every row is New', async () => {
      await main.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'New', exact: true }).click();
      await page.waitForURL(/[?&]status=new/);
      await hannah.waitFor();
      const statuses = await table.getByLabel('Status').allInnerTexts();
      check(statuses.length > 0 && statuses.every((s) => s.trim() === 'New'), `every row New: ${statuses.join(', ')}`);
      await shot('2-new');
    });

    await t.step(
      'admin approves Hannah Okafor with the settings offered: Invited, by them, the user created',
      async () => {
        await hannah.getByRole('button', { name: 'Approve', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: 'Approve Hannah Okafor' }).waitFor();
        checkEqual(
          (await dialog.getByRole('combobox', { name: 'Organization' }).innerText()).trim(),
          'Northwind Capital',
          'the organization matched to her guess',
        );
        check(
          (await dialog.getByRole('combobox', { name: 'Owner' }).innerText()).trim() !== 'Choose…',
          'an owner offered',
        );
        await shot('3-approve-form');
        await dialog.getByRole('button', { name: 'Approve and create user' }).click();
        const notice = main.getByRole('status', { name: 'Invite request notice' });
        await notice.filter({ hasText: 'Approved: user ' }).waitFor();
        const text = await notice.innerText();
        const m = /Approved: user (\S+) was created\. The email was written to the outbox/.exec(text);
        check(m !== null, `the notice: ${text}`);
        username = m![1]!;
        checkEqual((await hannah.getByLabel('Status').innerText()).trim(), 'Invited', 'her status');
        const cell = await hannah.getByRole('cell').nth(5).innerText();
        check(
          cell.includes(`by ${admin.username}`) && cell.includes(`User ${username}`),
          `who approved and the user: ${cell}`,
        );
        await shot('4-approved');
      },
    );

    await t.step("the new user's Emails tab holds the invitation, naming the username", async () => {
      const found = await page.evaluate(async () => {
        const res = await fetch('/api/invite_requests/?q=hannah', { credentials: 'include' });
        const body = (await res.json()) as { requests: { email: string; user: { id: number } | null }[] };
        return body.requests.find((r) => r.user !== null)?.user?.id ?? null;
      });
      check(found !== null, 'the request names its user');
      await page.goto(`${admin.server.url}/user_list/${found}`);
      await main.getByRole('tab', { name: 'Emails' }).click();
      const emails = main.getByRole('table', { name: 'Emails' });
      const row = emails.getByRole('row').filter({ hasText: 'Invitation' }).first();
      await row.waitFor();
      await row.getByText(/Your invitation to/).click();
      const body = await row.innerText();
      check(body.includes(`Username: ${username}`) && body.includes('was approved'), `the invitation's text: ${body}`);
      check(body.includes('Stored'), `kept in the outbox: ${body}`);
      await shot('5-outbox');
    });

    await checkSectionRefused(t, support, {
      label: 'Invite Request Users',
      path: '/invite_request_users',
      permission: 'Invite requests',
      call: '/api/invite_requests/',
      content: (main) => main.getByRole('table', { name: 'Invite requests' }),
      screenshot: path.join(SHOTS, '6-support-no-permission.png'),
    });
  },
};
