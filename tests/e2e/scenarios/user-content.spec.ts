// A user's Content tab (decision 065). The admin opens the first demo user (the seed's rich one),
// opens Content: their saved searches with where each looks, their watchlists, dashboards and
// transcript source. They choose three saved searches, one named like one the second demo user
// already has ('Fed minutes'), and copy them to that user: the preview names the clash and its
// rename, Copy, the server's message. The second user's Content tab then holds the three, the
// clashing one renamed 'Fed minutes (2)'. Support, in a browser of its own, sees the first user's
// saved searches without ticks or a copy button, and the server refuses its copy (403).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { check, checkEqual } from '../harness/check';
import { inOtherBrowser } from '../harness/other-browser';
import { firstManagedUsers, postFromPage } from '../harness/page-calls';
import { signIn } from '../harness/pages';
import { ARTIFACTS } from '../harness/paths';
import type { Scenario } from '../harness/scenario';
import { editPage } from '../harness/user-pages';

const SHOTS = path.join(ARTIFACTS, 'user-content');
/** In list order, as the dialog names them. */
const CHOSEN = ['ESG downgrades', 'Fed minutes', 'Semiconductor earnings'];

/** The user's page with the Content tab open and its saved searches read. */
async function openContent(page: Page, url: string) {
  await page.goto(url);
  await editPage(page).firstName.waitFor();
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Content', exact: true }).click();
  const searches = main.getByRole('region', { name: 'Saved searches', exact: true });
  const table = searches.getByRole('table', { name: 'Saved searches' });
  await table.waitFor();
  const names = async () => (await table.getByRole('rowheader').allInnerTexts()).map((n) => n.trim());
  return { main, searches, table, names };
}

export const scenario: Scenario = {
  name: 'User content: admin copies three saved searches to another user through the clash preview; support reads them only and is refused the copy',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const support = t.world.account('app', 'support');
    await signIn(t, page, admin);
    const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const users = await firstManagedUsers(page, 2);
    checkEqual(users.length, 2, 'two managed users');
    const [first, second] = users as [{ id: number; username: string }, { id: number; username: string }];
    const firstUrl = `${admin.server.url}/user_list/${first.id}`;

    await t.step(
      "admin opens the first demo user's Content: saved searches, watchlists, dashboards, transcript source",
      async () => {
        const { main, searches, table, names } = await openContent(page, firstUrl);
        const listed = await names();
        checkEqual(listed.length, 10, `their saved searches: ${listed.join(', ')}`);
        for (const name of CHOSEN) check(listed.includes(name), `${name} listed`);
        const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
        checkEqual(headers, ['Copy', 'Name', 'Query', 'Data sources', 'Alert', 'Last used'], 'the columns');
        checkEqual((await searches.getByLabel('Saved searches shown').innerText()).trim(), '10 of 10', 'the total');
        await main.getByRole('table', { name: 'Watchlists', exact: true }).waitFor();
        checkEqual(
          await main.getByRole('table', { name: 'Watchlists', exact: true }).getByRole('row').count(),
          4,
          'three watchlists',
        );
        check(
          (await main.getByRole('table', { name: 'Shared watchlists' }).getByRole('row').count()) > 1,
          'shared watchlists under them',
        );
        await main.getByRole('table', { name: 'Dashboards' }).waitFor();
        const words = await main.getByLabel('Transcript source and research provider').innerText();
        check(
          /Transcript source/.test(words) && /Research provider/.test(words),
          `the transcript source in words: ${words}`,
        );
        await shot(page, '1-content');
      },
    );

    await t.step(
      `admin copies three saved searches to ${second.username}: the preview names the clash and its rename, then Copy`,
      async () => {
        const { main, table } = await openContent(page, firstUrl);
        for (const name of CHOSEN) await table.getByRole('checkbox', { name: `Choose ${name}`, exact: true }).click();
        await main.getByRole('button', { name: 'Copy saved searches to users' }).click();
        const dialog = page.getByRole('dialog', { name: 'Copy 3 saved searches to users' });
        await dialog.waitFor();
        checkEqual(
          (await dialog.getByLabel('Chosen items').innerText()).trim(),
          CHOSEN.join(', '),
          'the chosen items named',
        );
        await dialog.getByLabel('Users to copy to').fill(second.username);
        check(
          await dialog.getByRole('radio', { name: "Keep both: the copy is renamed 'Name (2)'" }).isChecked(),
          'rename by default',
        );
        await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
        const preview = dialog.getByRole('group', { name: `Preview for ${second.username}` });
        await preview.waitFor();
        const counts = (await preview.getByRole('row', { name: 'Counts' }).getByRole('cell').allInnerTexts()).map((c) =>
          c.trim(),
        );
        checkEqual(counts, ['3', '1', '0', '0'], 'added, renamed, skipped, replaced');
        checkEqual(
          (await preview.getByRole('list', { name: `Clashes for ${second.username}` }).innerText()).trim(),
          'Fed minutes → Fed minutes (2)',
          'the clash',
        );
        await shot(page, '2-preview');
        await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
        const result = dialog.getByRole('status', { name: 'Copy result' });
        await result.waitFor();
        checkEqual((await result.innerText()).trim(), 'Copied 3 saved searches to 1 user.', "the server's message");
        await shot(page, '3-copied');
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();
        await main
          .getByRole('status', { name: 'Content notice' })
          .filter({ hasText: 'Copied 3 saved searches to 1 user.' })
          .waitFor();
      },
    );

    await t.step(`${second.username}'s Content holds the three, the clashing one renamed`, async () => {
      const { names } = await openContent(page, `${admin.server.url}/user_list/${second.id}`);
      const listed = await names();
      for (const name of [...CHOSEN, 'Fed minutes (2)', 'Retail same-store sales'])
        check(listed.includes(name), `${name} in ${listed.join(', ')}`);
      checkEqual(listed.length, 5, 'their two and the three copied');
      await shot(page, '4-second-user');
    });

    await t.step(
      "support opens the first user's Content: the saved searches without ticks or a copy button; the server refuses its copy (403)",
      async () => {
        await inOtherBrowser(t, support, async (other) => {
          const { main, table, names } = await openContent(other, `${support.server.url}/user_list/${first.id}`);
          checkEqual((await names()).length, 10, 'the same saved searches');
          checkEqual(await table.getByRole('checkbox').count(), 0, 'no ticks');
          checkEqual(await main.getByRole('button', { name: /^Copy .* to users$/ }).count(), 0, 'no copy button');
          await shot(other, '5-support');
          const itemIds = await other.evaluate(async (userId) => {
            const res = await fetch(`/user/fetch_saved_searches/?user_id=${userId}`, { credentials: 'include' });
            return ((await res.json()) as { items: { id: number }[] }).items.slice(0, 3).map((i) => i.id);
          }, first.id);
          const { status } = await postFromPage(other, '/user/copy_saved_searches/', {
            kind: 'saved_search',
            source_user_id: String(first.id),
            item_ids: JSON.stringify(itemIds),
            targets: JSON.stringify([second.username]),
            on_clash: 'rename',
            preview: 'false',
          });
          checkEqual(status, 403, 'POST /user/copy_saved_searches/');
        });
      },
    );
  },
};
