// The analyst reviews the workflows: sees only 'Workflows', opens the sign-in workflow, reads a
// legible diagram, simulates to the OTP state, exports it, and watches the session live; opens
// the largest diagram readable on its start, finds a state and moves with the overview.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { check, checkEqual, eventually, waitForPath } from '../harness/check';
import { menuLabels, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedMenu } from '../harness/staff';
import { WORKFLOWS } from '../../../src/machines/registry';
import { stateChoices } from '../../../src/workflows/find';
import { buildModel } from '../../../src/workflows/model';

/** Screen boxes of the drawn states, and the rendered size of their names. */
async function drawnStates(page: Page) {
  return page.locator('[data-state-node]').evaluateAll((nodes) =>
    nodes.map((n) => {
      const box = (n.querySelector(':scope > rect') as SVGRectElement).getBoundingClientRect();
      const title = (n.querySelector('text') as SVGTextElement).getBoundingClientRect();
      return {
        id: n.getAttribute('data-state-node')!,
        box: { x: box.x, y: box.y, w: box.width, h: box.height },
        title: { w: title.width, h: title.height },
      };
    }),
  );
}

/** Where a drawn state's box sits within the canvas: its centre as a fraction of the canvas's width and height. */
async function placeInCanvas(page: Page, canvasName: string, stateId: string) {
  const canvas = (await page.getByRole('region', { name: canvasName }).boundingBox())!;
  const box = (await page.locator(`[data-state-node="${stateId}"] > rect`).first().boundingBox())!;
  return {
    x: (box.x + box.width / 2 - canvas.x) / canvas.width,
    y: (box.y + box.height / 2 - canvas.y) / canvas.height,
    box,
    canvas,
  };
}

const inMiddleThird = (p: { x: number; y: number }) => p.x > 1 / 3 && p.x < 2 / 3 && p.y > 1 / 3 && p.y < 2 / 3;

/** The on-screen height of the smallest text of a state (tags, services) or of its name. */
async function textHeights(page: Page, stateId: string) {
  return page
    .locator(`[data-state-node="${stateId}"] text`)
    .evaluateAll((texts) =>
      texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * ((t as SVGGraphicsElement).getScreenCTM()?.a ?? 1)),
    );
}

export const scenario: Scenario = {
  name: 'Analyst reads, simulates and exports the sign-in workflow',
  servers: ['app'],
  async run(t) {
    const analyst = t.world.account('app', 'analyst');
    const page = t.page;
    await signIn(t, page, analyst);
    await t.step('menu lists Workflows only', async () => {
      await waitForPath(page, '/');
      checkEqual(expectedMenu('analyst'), ['Workflows'], 'analyst menu per the seed');
      checkEqual(await menuLabels(page), ['Workflows'], 'analyst menu');
    });
    await t.step('the list of workflows', async () => {
      await shell(page).menu.getByRole('link', { name: 'Workflows', exact: true }).click();
      await waitForPath(page, '/workflows');
      await page.getByRole('main').getByRole('heading', { name: 'Workflows', exact: true }).waitFor();
      const links = await page.getByRole('table').getByRole('link').allInnerTexts();
      check(
        links.includes('Sign-in') && links.includes('Session'),
        `the list names the workflows: ${links.join(', ')}`,
      );
    });
    await t.step('opens the sign-in workflow, laid out legibly', async () => {
      await page.getByRole('table').getByRole('link', { name: 'Sign-in', exact: true }).click();
      await waitForPath(page, '/workflows/login');
      const canvas = page.getByRole('region', { name: 'Diagram: Sign-in' });
      await canvas.waitFor({ timeout: 30_000 });
      const states = await drawnStates(page);
      checkEqual(states.length, 9, 'one box per state of the sign-in machine');
      const area = (await canvas.boundingBox())!;
      const onScreen = (s: (typeof states)[number]) =>
        s.box.x >= area.x &&
        s.box.y >= area.y &&
        s.box.x + s.box.w <= area.x + area.width &&
        s.box.y + s.box.h <= area.y + area.height;
      // It opens at a legible scale on its start and the step after it (the rest is a drag, the
      // overview or 'Find a state' away).
      for (const id of ['login.credentials', 'login.verifyingPassword'])
        check(onScreen(states.find((s) => s.id === id)!), `${id} is on screen`);
      for (const s of states) {
        // Names at least 9 px high and inside their boxes, no box over another.
        check(s.title.h >= 9, `${s.id}: its name is ${s.title.h.toFixed(1)} px high`);
        check(s.title.w <= s.box.w, `${s.id}: its name fits its box`);
        for (const o of states) {
          if (o === s) continue;
          const apart =
            s.box.x + s.box.w <= o.box.x ||
            o.box.x + o.box.w <= s.box.x ||
            s.box.y + s.box.h <= o.box.y ||
            o.box.y + o.box.h <= s.box.y;
          check(apart, `${s.id} and ${o.id} do not overlap`);
        }
      }
    });
    await t.step('Fit shows the whole diagram, and 1:1 brings it back', async () => {
      const canvas = page.getByRole('region', { name: 'Diagram: Sign-in' });
      const area = (await canvas.boundingBox())!;
      await page.getByRole('button', { name: 'Fit to view' }).click();
      const fitted = await drawnStates(page);
      check(
        fitted.every(
          (s) =>
            s.box.x >= area.x &&
            s.box.y >= area.y &&
            s.box.x + s.box.w <= area.x + area.width &&
            s.box.y + s.box.h <= area.y + area.height,
        ),
        'every state is on screen after Fit',
      );
      await page.getByRole('button', { name: 'Actual size' }).click();
      const full = await drawnStates(page);
      check(
        full.every((s) => s.title.h >= 12),
        'names are full size at 1:1',
      );
    });
    await t.step('a state clicked: its details and the shortest way there', async () => {
      await page.getByRole('button', { name: /^OTP\b/ }).click();
      const details = page.getByRole('region', { name: 'OTP', exact: true });
      await details.waitFor();
      const path = await details.getByLabel('Shortest path').innerText();
      checkEqual(path, 'enter username and password → server accepts the password', 'the shortest path to OTP');
    });
    await t.step('simulates to the OTP state', async () => {
      const calls: string[] = [];
      page.on('request', (r) => calls.push(r.url()));
      await page.getByRole('switch', { name: 'Simulate' }).click();
      const panel = page.getByRole('region', { name: 'Simulate' });
      await panel
        .getByRole('button', { name: 'enter username and password (username "staff", password "correct horse")' })
        .click();
      await panel.getByRole('button', { name: 'server accepts the password (verify password succeeds)' }).click();
      await eventually('the simulation in OTP', async () =>
        (await panel.getByRole('status').innerText()).includes('Now in OTP') ? true : undefined,
      );
      const current = await page
        .locator('[data-current]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-state-node')));
      checkEqual(current, ['login.otp'], 'the highlighted state');
      checkEqual(calls, [], 'requests sent while simulating');
    });
    await t.step('exports SVG, PNG and Mermaid', async () => {
      const save = async (item: string) => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          (async () => {
            await page.getByRole('button', { name: 'Export' }).click();
            await page.getByRole('menuitem', { name: item }).click();
          })(),
        ]);
        const file = await download.path();
        return { name: download.suggestedFilename(), bytes: readFileSync(file) };
      };
      const svg = await save('SVG image');
      checkEqual(svg.name, 'login.svg', 'SVG file name');
      check(
        svg.bytes.toString('utf8') === readFileSync('docs/workflows/login.svg', 'utf8'),
        'the SVG is docs/workflows/login.svg',
      );
      const png = await save('PNG image');
      checkEqual(png.name, 'login.png', 'PNG file name');
      checkEqual(png.bytes.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
      const width = png.bytes.readUInt32BE(16);
      check(width >= 1000, `the PNG is ${width} px wide`);
      const mmd = await save('Mermaid text (.mmd)');
      check(mmd.bytes.toString('utf8').startsWith('stateDiagram-v2\n'), 'the Mermaid text');
    });
    await t.step('watches the running session live', async () => {
      await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
      await page.getByRole('table').getByRole('link', { name: 'Session', exact: true }).click();
      await page.getByRole('region', { name: 'Diagram: Session' }).waitFor({ timeout: 30_000 });
      await page.getByRole('switch', { name: 'Live' }).click();
      const live = await eventually('a live state', async () => {
        const ids = await page
          .locator('[data-live]')
          .evaluateAll((n) => n.map((e) => e.getAttribute('data-state-node')));
        return ids.length ? ids : undefined;
      });
      checkEqual(
        live,
        ['session.active', 'session.active.betweenBeats', 'session.active.betweenBeats.watching'],
        'the live states',
      );
    });
    await t.step('keeps watching in the side panel on another page', async () => {
      await page.getByRole('button', { name: 'Watch in side panel' }).click();
      await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
      await waitForPath(page, '/workflows');
      const dock = page.getByRole('complementary', { name: 'Live workflow: Session' });
      await dock.waitFor({ timeout: 30_000 });
      await eventually('live states in the side panel', async () =>
        (await dock.locator('[data-live]').count()) === 3 ? true : undefined,
      );
      checkEqual(
        await dock.getByRole('status').innerText(),
        'active › between beats › watching',
        'the side panel names the state',
      );
    });
    await t.step('stops watching', async () => {
      await page.getByRole('button', { name: 'Stop watching' }).click();
      await page.getByRole('complementary', { name: 'Live workflow: Session' }).waitFor({ state: 'detached' });
    });
    // The largest diagram of the panel: it cannot fit the canvas with readable text.
    const entry = WORKFLOWS.find((e) => e.id === 'userCreate')!;
    const startId = `${entry.id}.${String(entry.machine.config.initial)}`;
    const canvasName = `Diagram: ${entry.title}`;
    await t.step(`the largest diagram (${entry.title}) opens readable, on the state it starts in`, async () => {
      await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
      await page.getByRole('table').getByRole('link', { name: entry.title, exact: true }).click();
      await waitForPath(page, `/workflows/${entry.id}`);
      await page.getByRole('region', { name: canvasName }).waitFor({ timeout: 30_000 });
      const start = await placeInCanvas(page, canvasName, startId);
      check(
        start.box.x >= start.canvas.x &&
          start.box.y >= start.canvas.y &&
          start.box.x + start.box.width <= start.canvas.x + start.canvas.width &&
          start.box.y + start.box.height <= start.canvas.y + start.canvas.height,
        `the start state ${startId} is on screen`,
      );
      const heights = await textHeights(page, startId);
      check(
        heights.length > 0 && heights.every((h) => h >= 11),
        `the start state's text is at least 11 px: ${heights.map((h) => h.toFixed(1)).join(', ')}`,
      );
      const labels = await page
        .locator('[data-label-of] text')
        .evaluateAll((texts) =>
          texts.map(
            (t) => parseFloat(getComputedStyle(t).fontSize) * ((t as SVGGraphicsElement).getScreenCTM()?.a ?? 1),
          ),
        );
      check(
        labels.every((h) => h >= 11),
        'edge labels are at least 11 px',
      );
      await page.getByRole('group', { name: 'Overview' }).waitFor();
    });
    const far = stateChoices(buildModel(entry.machine, entry))
      .map((c) => c.id)
      .filter((id) => id !== startId)
      .at(-1)!;
    await t.step(`Find a state: ${far} comes to the middle, selected, after its details open`, async () => {
      const choices = stateChoices(buildModel(entry.machine, entry));
      const label = choices.find((c) => c.id === far)!.label;
      const search = page.getByRole('combobox', { name: 'Find a state' });
      // Typed in part, then Enter takes the best match.
      await search.fill(label.split(' › ').at(-1)!);
      await search.press('Enter');
      await page.locator(`[data-state-node="${far}"][data-selected]`).waitFor();
      // The details panel opens beside the canvas, which narrows: the state is centred again after.
      await page
        .getByRole('region', {
          name: choices
            .find((c) => c.id === far)!
            .label.split(' › ')
            .at(-1)!,
          exact: true,
        })
        .waitFor();
      const placed = await eventually('the found state in the middle third', async () => {
        const p = await placeInCanvas(page, canvasName, far);
        return inMiddleThird(p) ? p : undefined;
      });
      t.note(
        `centre at ${(placed.x * 100).toFixed(0)} % × ${(placed.y * 100).toFixed(0)} % of a ${placed.canvas.width.toFixed(0)} px canvas`,
      );
      const heights = await textHeights(page, far);
      check(
        heights.every((h) => h >= 11),
        'its text is readable',
      );
    });
    await t.step('the overview moves the canvas and shows where it is', async () => {
      const overview = page.locator('[data-overview] svg');
      const frame = (await overview.boundingBox())!;
      const before = (await page.locator('[data-overview] [data-viewport]').boundingBox())!;
      // Its top-left corner: the canvas moves there, the rectangle follows.
      await overview.click({ position: { x: 4, y: 4 } });
      const after = (await page.locator('[data-overview] [data-viewport]').boundingBox())!;
      check(Math.abs(after.x - before.x) + Math.abs(after.y - before.y) > 5, 'the rectangle moved');
      check(after.x < frame.x + 4 && after.y < frame.y + 4, 'the rectangle is centred on the point clicked');
      // The diagram's top-left corner is now inside the canvas (its origin drawn at a positive offset).
      const origin = await page
        .getByRole('region', { name: canvasName })
        .locator('[data-scale]')
        .getAttribute('transform');
      const [x, y] = origin!.match(/-?[\d.]+/g)!.map(Number);
      check(x! > 0 && y! > 0, `the canvas shows the diagram's top-left corner: ${origin}`);
    });
  },
};
