// A staff member without a section's permission, in a browser of its own: no menu entry, the
// section's address answers with the no-permission screen naming the permission in words, none of
// the section's content shows, and the server refuses the section's call (403).
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { check, checkEqual } from './check';
import { inOtherBrowser } from './other-browser';
import { menuLabels, shell } from './pages';
import type { ScenarioContext } from './scenario';
import type { Account } from './world';

export interface RefusedSection {
  /** The menu label, and the address of the section. */
  label: string;
  path: string;
  /** The permission as the no-permission screen words it. */
  permission: string;
  /** Something only the section shows (its table, form, range), which must be absent. */
  content: (main: Locator) => Locator;
  /** A GET the section makes (path and query), which the server must answer 403. */
  call: string;
  /** Where the screenshot of the no-permission screen goes. */
  screenshot: string;
}

export async function checkSectionRefused(
  t: ScenarioContext,
  account: Account,
  section: RefusedSection,
): Promise<void> {
  await inOtherBrowser(t, account, async (page) => {
    await t.step(`${account.username} has no ${section.label} in its menu`, async () => {
      const menu = await menuLabels(page);
      check(!menu.includes(section.label), `${account.username}'s menu: ${menu.join(', ')}`);
    });
    await t.step(
      `${account.username} at ${section.path}: the page says it needs the ‘${section.permission}’ permission`,
      async () => {
        await page.goto(`${account.server.url}${section.path}`);
        const main = page.getByRole('main');
        await main
          .getByRole('alert', { name: 'No permission' })
          .filter({ hasText: `it needs the ‘${section.permission}’ permission` })
          .waitFor();
        await shell(page).logout.waitFor();
        checkEqual(await section.content(main).count(), 0, `nothing of ${section.label} shown`);
        await page.screenshot({ path: path.join(section.screenshot), fullPage: true });
      },
    );
    await t.step(`the server refuses ${account.username} the call (403)`, async () => {
      const status = await page.evaluate(
        async (call) => (await fetch(call, { credentials: 'include' })).status,
        section.call,
      );
      checkEqual(status, 403, `GET ${section.call}`);
    });
  });
}
