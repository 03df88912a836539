// Reports Dashboard (decision 063): the admin opens the dashboard from the menu and sees the
// overview's panels; changes the range to the last 7 days (the URL and the line under the filters
// say so, a day chart has 7 rows); reads the users by type as a table; downloads the sign-ins
// chart's CSV and reads it (its header, 7 days, today's sign-in of the admin counted); finds the
// sign-in in the Events view. Support, in a browser of its own, has no menu entry, gets the
// section's no-permission screen at its address, and the server refuses its call (403).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { signIn } from '../harness/pages';
import { checkSectionRefused } from '../harness/refused-section';
import type { Scenario } from '../harness/scenario';
import { isoDayText } from '../../../src/domain/format';

const today = () => new Date().toISOString().slice(0, 10);
/** A day as the panel writes it (src/domain/format.ts). */
const shown = (day: string) => isoDayText(day);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export const scenario: Scenario = {
  name: 'Reports dashboard: admin changes the range, reads a table, downloads a CSV; support is refused',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const admin = t.world.account('app', 'admin');
    const support = t.world.account('app', 'support');
    await signIn(t, page, admin);
    const main = page.getByRole('main');
    const shot = (name: string) =>
      page.screenshot({ path: path.join(ARTIFACTS, 'reports-dashboard', `${name}.png`), fullPage: true });
    const panel = (name: string) => main.getByRole('region', { name, exact: true });

    await t.step("admin opens Reports Dashboard from the menu: the overview's panels load", async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Reports Dashboard', exact: true }).click();
      await main.getByRole('heading', { name: 'Reports Dashboard' }).waitFor();
      await panel('Users by type').waitFor();
      await panel('Sign-ins per day').waitFor();
      await panel('Staff changes per category per day').waitFor();
      await panel('Tag usage').waitFor();
      checkEqual(await main.getByRole('alert').count(), 0, 'no panel failed');
      check(
        (await main.getByLabel('Showing').innerText()).includes(`to ${shown(today())} (UTC), every organization`),
        'the last 30 days, every organization',
      );
      await shot('1-overview');
    });

    await t.step('admin changes the range to the last 7 days: the URL and the charts follow', async () => {
      await main.getByRole('button', { name: 'Last 7 days', exact: true }).click();
      await page.waitForURL(
        (url) => url.searchParams.get('from') === daysAgo(6) && url.searchParams.get('to') === today(),
      );
      await main
        .getByLabel('Showing')
        .filter({ hasText: `${shown(daysAgo(6))} to ${shown(today())} (UTC)` })
        .waitFor();
      await panel('Sign-ins per day').waitFor();
      await shot('2-last-7-days');
    });

    await t.step('admin reads the users by type as a table', async () => {
      await panel('Users by type').getByRole('button', { name: 'Show table' }).click();
      const table = panel('Users by type').getByRole('table');
      await table.waitFor();
      const header = await table.getByRole('columnheader').allInnerTexts();
      checkEqual(header, ['User type', 'Users'], "the table's columns");
      const labels = await table.getByRole('rowheader').allInnerTexts();
      check(labels.includes('Trial') && labels.includes('Customer'), `user types: ${labels.join(', ')}`);
      await shot('3-table');
    });

    await t.step("admin downloads the sign-ins chart as CSV: 7 days, today's sign-in counted", async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel('Sign-ins per day').getByRole('button', { name: 'Download CSV of Sign-ins per day' }).click(),
      ]);
      checkEqual(download.suggestedFilename(), `sign-ins-per-day-${daysAgo(6)}-to-${today()}.csv`, 'the file name');
      const dir = path.join(ARTIFACTS, 'downloads');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const lines = readFileSync(file, 'utf8').trim().split(/\r\n/);
      checkEqual(lines[0], 'Day,Signed in', 'the header');
      checkEqual(lines.length, 8, 'a header and 7 days');
      checkEqual(lines[1]?.split(',')[0], daysAgo(6), 'the first day');
      const last = lines.at(-1)!.split(',');
      checkEqual(last[0], today(), 'the last day');
      check(Number(last[1]) >= 1, `today's sign-ins: ${last[1]}`);
    });

    await t.step(
      'at 1024 px admin reads the last 12 months by week, one week at a time with the keyboard',
      async () => {
        await page.setViewportSize({ width: 1024, height: 768 });
        await main.getByRole('button', { name: 'Last 12 months', exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('from') === daysAgo(364));
        const signIns = panel('Sign-ins per day');
        await signIns.getByText('Shown by week', { exact: false }).waitFor();
        const chart = signIns.getByRole('slider', { name: /^Sign-ins per day/ });
        await chart.focus();
        await page.keyboard.press('End');
        const last = (await chart.getAttribute('aria-valuetext')) ?? '';
        check(/^Week of .+: Signed in \d+/.test(last), `the last week read out: ${last}`);
        await page.keyboard.press('ArrowLeft');
        check((await chart.getAttribute('aria-valuetext')) !== last, 'the arrow key moves to the week before');
        await signIns.getByTestId('chart-tooltip').waitFor();
        // Labels are drawn at their own size: no text in the chart under 12 px.
        const sizes = await chart
          .locator('text')
          .evaluateAll((nodes) => nodes.map((n) => parseFloat(getComputedStyle(n).fontSize)));
        check(sizes.length > 4 && sizes.every((s) => s >= 12), `chart text sizes: ${sizes.join(', ')}`);
        await signIns.screenshot({ path: path.join(ARTIFACTS, 'reports-dashboard', '4-chart-1024-weeks.png') });
        await shot('4-last-12-months-1024');
        await page.setViewportSize({ width: 1280, height: 800 });
      },
    );

    await t.step("the Events view lists the admin's sign-in", async () => {
      await main.getByRole('tab', { name: /^Events/ }).click();
      const table = main.getByRole('table', { name: 'Events' });
      await table.waitFor();
      await table.getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: 'admin' }).first().waitFor();
      check(new URL(page.url()).searchParams.get('view') === 'events', 'the view is in the URL');
      await shot('5-events');
    });

    await checkSectionRefused(t, support, {
      label: 'Reports Dashboard',
      path: '/reports_dashboard',
      permission: 'Reports dashboard',
      call: `/api/reports/dashboard/?panel=profile&from=${daysAgo(6)}&to=${today()}`,
      content: (main) => main.getByRole('group', { name: 'Range' }),
      screenshot: path.join(ARTIFACTS, 'reports-dashboard', '6-support-no-permission.png'),
    });
  },
};
