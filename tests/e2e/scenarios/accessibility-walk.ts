// The walk the accessibility scenarios share: every screen of the menu, each of its tabs and the
// dialogs its buttons open, checked with axe-core on one signed-in page in light or dark. A
// critical or serious violation fails the scenario, each listed by rule, element and screen.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { MENU } from '../../../src/domain/menu';
import { CheckFailed, check, eventually } from '../harness/check';
import { signIn } from '../harness/pages';
import { escapeRegExp } from '../harness/user-pages';
import type { Scenario, ScenarioContext } from '../harness/scenario';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING = new Set(['critical', 'serious']);

interface Finding {
  readonly screen: string;
  readonly rule: string;
  readonly impact: string;
  readonly target: string;
  readonly summary: string;
}

/** The dialogs each screen's buttons open: the button (first match in main) and how it is named. */
const DIALOGS: Record<string, readonly string[]> = {
  'Invite Request Users': ['Approve', 'Reject'],
  'Role Management': ['New role', 'Holders of Account Manager', 'History of Account Manager', 'Delete Account Manager'],
  'Template Settings': ['New template', 'Apply Enterprise Compliance', 'Delete Enterprise Compliance'],
  'SKU Configuration': ['New SKU', 'Assign CORE-TERMINAL', 'Holders of CORE-TERMINAL', 'Retire CORE-TERMINAL'],
  'Audit Log': ['Changes'],
};

/** Runs axe on the page as it is now; returns the critical and serious findings. */
async function scan(page: Page, screen: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: { target: string[]; failureSummary?: string }[];
    }
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' '),
      })),
    }));
  });
  return violations
    .filter((v) => FAILING.has(v.impact))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        screen,
        rule: v.id,
        impact: v.impact,
        target: n.target,
        summary: n.summary.slice(0, 240),
      })),
    );
}

/** Waits until the main content stops changing (reads answered, charts drawn). */
async function settled(page: Page): Promise<void> {
  let last = '';
  let still = 0;
  await eventually(
    'the page to settle',
    async () => {
      const now = await page.evaluate(
        () =>
          `${document.querySelector('main')?.innerHTML.length}:${document.querySelectorAll('[aria-busy="true"]').length}:${document.querySelectorAll('[role="dialog"],[role="alertdialog"]').length}`,
      );
      still = now === last ? still + 1 : 0;
      last = now;
      return still >= 3 ? true : undefined;
    },
    10_000,
  );
}

/** A screen's title: its menu label, or the label and what is open ("Account Settings: Northwind"). */
const titleOf = (label: string) => new RegExp(`^${escapeRegExp(label)}(: .+)?$`);

const openDialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').last();

async function checkDialog(page: Page, opener: Locator, screen: string, findings: Finding[]): Promise<void> {
  await opener.focus();
  await opener.press('Enter');
  const dialog = openDialog(page);
  await dialog.waitFor();
  await settled(page);
  findings.push(...(await scan(page, screen)));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Escape is a cancel: focus goes back to the button that opened the dialog.
  const back = await eventually(
    'the dialog closed',
    async () => ((await opener.evaluate((el) => el === document.activeElement).catch(() => false)) ? true : undefined),
    2_000,
  ).catch(() => false);
  if (!back) {
    const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
    findings.push({
      screen,
      rule: 'focus-return',
      impact: 'serious',
      target: at,
      summary: 'focus not back on the opener',
    });
  }
}

async function walk(t: ScenarioContext, appearance: 'light' | 'dark'): Promise<void> {
  const page = t.page;
  await page.emulateMedia({ colorScheme: appearance });
  const findings: Finding[] = [];
  const at = (screen: string) => `${screen} (${appearance})`;

  await t.step(`/login in ${appearance}`, async () => {
    await page.goto(`${t.world.account('app', 'admin').server.url}/login`);
    await page.getByRole('textbox', { name: /username/i }).waitFor();
    findings.push(...(await scan(page, at('/login'))));
  });
  await signIn(t, page, t.world.account('app', 'admin'));
  await t.step(`the panel follows the system's ${appearance} preference`, async () => {
    const root = await page.locator('[data-is-root-theme="true"]').getAttribute('class');
    check(root?.split(' ').includes(appearance) === true, `the root theme is ${appearance}: class "${root}"`);
  });

  const main = page.getByRole('main');
  for (const entry of MENU) {
    await t.step(`${entry.label}: the screen, its tabs and dialogs`, async () => {
      await page.getByRole('navigation').getByRole('link', { name: entry.label, exact: true }).click();
      // The screen's own title, not any h2: the last screen's may still be in sight.
      await main.getByRole('heading', { level: 2, name: titleOf(entry.label) }).waitFor();
      await settled(page);
      findings.push(...(await scan(page, at(entry.label))));
      const tabs = main.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i += 1) {
        const tab = tabs.nth(i);
        if ((await tab.getAttribute('aria-selected')) === 'true') continue;
        const name = (await tab.innerText()).split('\n')[0]!.trim();
        await tab.click();
        await settled(page);
        findings.push(...(await scan(page, at(`${entry.label} › ${name}`))));
      }
      for (const name of DIALOGS[entry.label] ?? []) {
        const opener = main.getByRole('button', { name, exact: true }).first();
        if (!(await opener.isEnabled())) continue;
        await checkDialog(page, opener, at(`${entry.label} › ${name}`), findings);
      }
    });
  }

  await t.step('a user: the record screen, its tabs', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'All Users', exact: true }).click();
    await main.locator('a[href^="/user_list/"]').first().click();
    await main.getByRole('tab').first().waitFor();
    await settled(page);
    findings.push(...(await scan(page, at('a user'))));
    const tabs = main.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i += 1) {
      const tab = tabs.nth(i);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      const name = (await tab.innerText()).split('\n')[0]!.trim();
      await tab.click();
      await settled(page);
      findings.push(...(await scan(page, at(`a user › ${name}`))));
    }
  });

  const other = appearance === 'light' ? 'dark' : 'light';
  await t.step(`the Theme menu: ${other} chosen, kept for this staff member across a reload`, async () => {
    const rootClass = () => page.locator('[data-is-root-theme="true"]').getAttribute('class');
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('menuitemradio', { name: other === 'dark' ? 'Dark' : 'Light' }).click();
    await eventually(`the page in ${other}`, async () => ((await rootClass())?.includes(other) ? true : undefined));
    await page.reload();
    await page.getByRole('button', { name: `Theme: ${other === 'dark' ? 'Dark' : 'Light'}` }).waitFor();
    check((await rootClass())?.includes(other) === true, `still ${other} after a reload`);
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await eventually(`back to the system's ${appearance}`, async () =>
      (await rootClass())?.includes(appearance) ? true : undefined,
    );
  });

  await t.step(`no critical or serious violation in ${appearance}`, async () => {
    if (findings.length === 0) return;
    const lines = findings.map((f) => `- [${f.impact}] ${f.rule} on ${f.screen}: ${f.target}\n    ${f.summary}`);
    throw new CheckFailed(`${findings.length} critical or serious violation(s):\n${lines.join('\n')}`);
  });
}

export const accessibilityScenario = (appearance: 'light' | 'dark'): Scenario => ({
  name: `Accessibility in ${appearance}: every screen, tab and dialog of the menu passes axe-core`,
  servers: ['app'],
  run: (t) => walk(t, appearance),
});
