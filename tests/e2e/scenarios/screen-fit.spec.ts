// The shell and the lists on a laptop and a tablet: at 1024 × 768 and 768 × 1024 the side menu
// folds behind the header's Menu button, no page scrolls sideways, and the columns that say whose
// row it is (name, email, organization …) stay readable while the others give way; at 1400, 1280
// and 1200 px every Broker Research tab is in sight on one line. Screenshots of each list at each
// size land in screenshots/screen-fit/.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { check } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
] as const;

/** The menu beside the page (from 1200 px): every Broker Research tab in sight. */
const WIDE_SIZES = [
  { width: 1400, height: 900 },
  { width: 1280, height: 800 },
  { width: 1200, height: 800 },
] as const;

/** Each list: where it is, the table's name, its identity columns. */
const LISTS = [
  { name: 'all-users', path: '/user_list', table: 'Users', identity: ['Name', 'Email', 'Username', 'Organization'] },
  {
    name: 'invite-requests',
    path: '/invite_request_users',
    table: 'Invite requests',
    identity: ['Person', 'Organization'],
  },
  {
    name: 'requests',
    path: '/broker_research?tab=requests',
    table: 'Requests',
    identity: ['User', 'Organization', 'Broker'],
  },
  { name: 'skus', path: '/sku_configuration', table: 'SKUs', identity: ['Code', 'Name'] },
] as const;

/** Readable: about twelve characters of the table's text. */
const MIN_IDENTITY_WIDTH = 96;

interface Fit {
  scrollWidth: number;
  clientWidth: number;
  /** Each identity column's header width, and how far its cell reaches past the table's box. */
  columns: { label: string; width: number; found: boolean; clippedBy: number }[];
}

/** Measures the page and the named table's identity columns as drawn. */
function measure(page: Page, table: string, identity: readonly string[]): Promise<Fit> {
  return page.evaluate(
    ({ table, identity }) => {
      const doc = document.scrollingElement ?? document.documentElement;
      // No named helpers in here: the page gets this function's text as it is.
      const found = [...document.querySelectorAll('main table')].find(
        (t) =>
          t.querySelector('caption')?.textContent?.trim() === table ||
          t.closest('[role="region"]')?.getAttribute('aria-label') === table,
      );
      const box = found?.closest('.rt-TableRoot')?.getBoundingClientRect() ?? found?.getBoundingClientRect();
      const heads = found ? [...found.querySelectorAll('thead th')] : [];
      return {
        scrollWidth: doc.scrollWidth,
        clientWidth: doc.clientWidth,
        columns: identity.map((label) => {
          const th = heads.find((h) => (h.textContent ?? '').trim().startsWith(label));
          const rect = th?.getBoundingClientRect();
          const shown = th !== undefined && rect !== undefined && rect.width > 0;
          return {
            label,
            found: shown,
            width: rect?.width ?? 0,
            clippedBy: rect && box ? Math.max(0, rect.right - box.right, box.left - rect.left) : 0,
          };
        }),
      };
    },
    { table, identity },
  );
}

export const scenario: Scenario = {
  name: 'Screen fit: the lists at 1024 and 768 px have no sideways scroll and readable identity columns',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await t.step(`${size.width} × ${size.height}: the menu folds behind the header's Menu button`, async () => {
        const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
        await menuButton.waitFor();
        check((await page.getByRole('navigation', { name: 'Sections' }).count()) === 0, 'no side menu on screen');
        await menuButton.click();
        const drawer = page.getByRole('dialog', { name: 'Sections' });
        await drawer.getByRole('link', { name: 'All Users', exact: true }).waitFor();
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
        check(
          await menuButton.evaluate((el) => el === document.activeElement),
          'the focus is back on the Menu button after Escape',
        );
      });
      for (const list of LISTS) {
        await t.step(`${size.width} × ${size.height}: ${list.name}`, async () => {
          await page.goto(`${admin.server.url}${list.path}`);
          const main = page.getByRole('main');
          // The table's first data row: the list has loaded.
          await main.locator('table tbody tr:not([aria-hidden])').first().waitFor();
          await page.waitForTimeout(300); // column measurement settles after the first paint
          await page.screenshot({
            path: path.join(ARTIFACTS, 'screen-fit', `${size.width}x${size.height}-${list.name}.png`),
            fullPage: true,
          });
          const fit = await measure(page, list.table, list.identity);
          t.note(
            `page ${fit.scrollWidth}/${fit.clientWidth} px; ` +
              fit.columns.map((c) => `${c.label} ${Math.round(c.width)} px`).join(', '),
          );
          check(
            fit.scrollWidth <= fit.clientWidth,
            `${list.name} overflows by ${fit.scrollWidth - fit.clientWidth} px`,
          );
          for (const c of fit.columns) {
            check(c.found, `${list.name}: the ${c.label} column is shown`);
            check(
              c.width >= MIN_IDENTITY_WIDTH,
              `${list.name}: ${c.label} is ${Math.round(c.width)} px wide (at least ${MIN_IDENTITY_WIDTH})`,
            );
            check(c.clippedBy <= 1, `${list.name}: ${c.label} reaches ${Math.round(c.clippedBy)} px past the table`);
          }
        });
      }
    }
    for (const size of WIDE_SIZES) {
      await page.setViewportSize(size);
      await t.step(
        `${size.width} × ${size.height}: the menu stands beside the page and every Broker Research tab is in sight on one line`,
        async () => {
          await page.goto(`${admin.server.url}/broker_research`);
          await page.getByRole('navigation', { name: 'Sections' }).waitFor();
          const tabs = page.getByRole('main').getByRole('tab');
          await tabs.first().waitFor();
          await page.screenshot({
            path: path.join(ARTIFACTS, 'screen-fit', `${size.width}x${size.height}-broker-research.png`),
          });
          const boxes = await tabs.evaluateAll((list) =>
            list.map((tab) => {
              const r = tab.getBoundingClientRect();
              return { name: (tab.textContent ?? '').trim(), top: Math.round(r.top), left: r.left, right: r.right };
            }),
          );
          const tops = new Set(boxes.map((b) => b.top));
          check(tops.size === 1, `the ${boxes.length} tabs on one line (tops ${[...tops].join(', ')})`);
          const row = await page
            .getByRole('main')
            .getByRole('tablist')
            .evaluate((list) => {
              const r = list.getBoundingClientRect();
              return { overrun: Math.round(list.scrollWidth - list.clientWidth), left: r.left, right: r.right };
            });
          check(row.overrun <= 0, `every tab in sight, none scrolled off (${row.overrun} px beyond the row)`);
          const right = Math.min(row.right, size.width);
          for (const b of boxes)
            check(
              b.left >= row.left - 1 && b.right <= right + 1,
              `${b.name} within the row and the window (${Math.round(b.left)}–${Math.round(b.right)} of ${Math.round(right)} px)`,
            );
        },
      );
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  },
};
