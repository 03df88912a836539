// Broker Research, Requests (decision 057). The admin opens the Requests tab on the demo seed: the
// newest requests, 50 a page. They filter to New (the URL carries it; every row is New), open the
// newest New request and approve it: the panel says so, shows Approved with them as who decided,
// the fulfillment the approval created, and the approval in the request's history naming that
// fulfillment. Then they follow the link to FulFillments, filtered to that user and broker: the new
// fulfillment is there, Active, from a request.
import path from 'node:path';
import { check, checkEqual } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import { ARTIFACTS } from '../harness/paths';
import type { Scenario } from '../harness/scenario';

const SHOTS = path.join(ARTIFACTS, 'research-requests');

export const scenario: Scenario = {
  name: 'Broker Research requests: filtered to New, one approved, its fulfillment and the approval in its history, then in FulFillments',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: 'Requests' });
    const rows = table.getByRole('row');
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const shown = () => main.getByRole('status', { name: 'Requests shown' }).innerText();
    let requestId = '';
    let user = '';
    let broker = '';
    let fulfillment = '';

    await t.step(
      'admin opens Broker Research → Requests: the newest 50 requests with who asked, organization, broker, status, note and who decided',
      async () => {
        await shell(page).menu.getByRole('link', { name: 'Broker Research', exact: true }).click();
        await main.getByRole('tab', { name: 'Requests', exact: true }).click();
        await page.waitForURL(/tab=requests/);
        await rows.nth(50).waitFor();
        const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
        checkEqual(
          headers.slice(0, 7),
          ['Requested', 'User', 'Organization', 'Broker', 'Status', 'Note', 'Decided'],
          'the columns',
        );
        const text = await shown();
        check(/^more than 1,000 requests; 50 on this page\.$/.test(text), `the count: ${text}`);
        await shot('1-list');
      },
    );

    await t.step('admin filters to New: the URL carries it, every row is New', async () => {
      await main.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'New', exact: true }).click();
      await page.waitForURL(/[?&]status=new/);
      await main
        .getByRole('status', { name: 'Requests shown' })
        .filter({ hasText: /requests; 50 on this page\.$/ })
        .waitFor();
      await page.waitForFunction(() => {
        const cells = [...document.querySelectorAll('main table tbody tr td:nth-child(6)')];
        return cells.length === 50 && cells.every((c) => (c as HTMLElement).innerText.trim() === 'New');
      });
      const first = (await rows.nth(1).getAttribute('aria-label')) ?? '';
      requestId = first.replace('Request ', '');
      const cells = await rows.nth(1).getByRole('cell').allInnerTexts();
      user = cells[2]!.split('\n').at(-1)!.trim();
      broker = cells[4]!.trim();
      check(/@/.test(user), `the user cell holds an email: ${cells[2]}`);
      t.note(`request ${requestId}: ${user} asks for ${broker}`);
      await shot('2-filtered-new');
    });

    await t.step(
      'admin opens that request and approves it: Approved by them, its fulfillment, the approval in the history',
      async () => {
        await main.getByRole('button', { name: new RegExp(`, open request ${requestId}$`) }).click();
        await main.getByRole('heading', { name: `Request ${requestId}` }).waitFor();
        // The actions come with the request's read: wait for them before reading them.
        const group = main.getByRole('group', { name: 'Actions' });
        await group.getByRole('button', { name: 'Approve', exact: true }).waitFor();
        const actions = await group.getByRole('button').allInnerTexts();
        checkEqual(actions, ['Approve', 'Reject…', 'Send to broker'], 'the actions a New request offers');
        await shot('3-request-new');
        await main.getByRole('button', { name: 'Approve', exact: true }).click();
        // Approving asks first, naming who gets which broker's research.
        const question = page.getByRole('alertdialog', { name: `Approve request ${requestId}?` });
        await question.waitFor();
        const asked = await question.innerText();
        check(asked.includes(`(${user}) gets the research of ${broker}`), `the question names them: ${asked}`);
        await shot('3b-approve-asks');
        await question.getByRole('button', { name: 'Approve', exact: true }).click();
        await main
          .getByRole('status', { name: 'Request notice' })
          .filter({ hasText: `Request ${requestId} approved.` })
          .waitFor();
        await main.getByLabel('Status', { exact: true }).filter({ hasText: 'Approved' }).waitFor();
        const line = await main.getByLabel('Fulfillment', { exact: true }).innerText();
        const m = /^Fulfillment (\d+): Active from /.exec(line);
        check(m !== null, `the fulfillment line: ${line}`);
        fulfillment = m![1]!;
        const history = await main.getByRole('list', { name: 'History' }).getByRole('listitem').allInnerTexts();
        const last = history.at(-1) ?? '';
        check(
          last.includes(`— ${admin.username}: New → Approved (fulfillment ${fulfillment} created)`),
          `the approval in the history: ${last}`,
        );
        check(
          (await main.getByRole('group', { name: 'Actions' }).getByRole('button').count()) === 0,
          'no action is left to an approved request',
        );
        await shot('4-approved');
      },
    );

    await t.step(
      'admin follows the link to FulFillments: filtered to the user and broker, the new fulfillment Active from the request',
      async () => {
        await main.getByRole('button', { name: 'Open in FulFillments', exact: true }).click();
        await page.waitForURL(
          (url) =>
            url.searchParams.get('tab') === 'fulfillments' &&
            url.searchParams.has('user') &&
            url.searchParams.has('broker'),
        );
        const region = main.getByRole('region', { name: 'Fulfillments' });
        await region.getByRole('row').nth(1).waitFor();
        const row = region.getByRole('row').filter({ hasText: user }).filter({ hasText: 'Active' }).first();
        await row.waitFor();
        const text = await row.innerText();
        check(text.includes(broker), `the row names the broker: ${text}`);
        check(text.includes(`Request #${requestId}`), `the row comes from the request: ${text}`);
        await shot('5-fulfillments');
      },
    );
  },
};
