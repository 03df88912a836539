// `npm run test:e2e [-- name-filter …]`: builds the SPA if stale, starts real servers on fresh
// databases, drives Debian's Chromium through each scenario, and always stops what it started.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ensureBuild } from './harness/build';
import { ARTIFACTS, slug } from './harness/paths';
import { Recorder } from './harness/recorder';
import type { Scenario, ScenarioContext } from './harness/scenario';
import {
  freePort,
  killAllServers,
  saveOutput,
  startServer,
  type RunningServer,
  type ServerSpec,
} from './harness/server';
import { SHORT_IDLE_ENV, World, type ServerName } from './harness/world';
import { CHROMIUM, CHROMIUM_ARGS } from './harness/chromium';
import { scenarios as allScenarios } from './scenarios';

// Thirty scenarios take about ten minutes on two cores; the limit stops a hung suite, not a slow one.
const SUITE_TIMEOUT_MS = 25 * 60_000;
const SCENARIO_TIMEOUT_MS = 150_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

process.on('exit', killAllServers);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping servers`);
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`\nFAIL the suite did not finish within ${seconds(SUITE_TIMEOUT_MS)}; stopping everything`);
  process.exit(1);
}, SUITE_TIMEOUT_MS).unref();

/**
 * The browser reaches the servers from 127.0.0.1 whatever the scenario; listed as a trusted proxy,
 * it may name the client in X-Forwarded-For, and each scenario's browser names an address of its
 * own (clientAddress), so the sign-in limit per address (decision 040) counts each scenario apart.
 */
const BEHIND_PROXY = { TRUSTED_PROXIES: '127.0.0.1,::1' } as const;
const clientAddress = (index: number) => `198.51.100.${index + 1}`;

/**
 * app and testing are two server types sharing a signing key. They are reached through different
 * host names (localhost, 127.0.0.1) because browsers share cookies across ports of one host, and two
 * servers setting `sessionid` on one host would overwrite each other's session.
 */
async function serverSpecs(names: ReadonlySet<ServerName>): Promise<ServerSpec[]> {
  const [appPort, testingPort, idlePort] = [await freePort(), await freePort(), await freePort()];
  const linkKey = randomBytes(32).toString('hex');
  const app = `http://localhost:${appPort}`;
  const testing = `http://127.0.0.1:${testingPort}`;
  const linked = { SERVER_TYPES: `app=${app},testing=${testing}`, LINK_SIGNING_KEY: linkKey, ...BEHIND_PROXY };
  const all: Record<ServerName, ServerSpec> = {
    app: { name: 'app', port: appPort, url: app, env: { ...linked, SERVER_TYPE: 'app' } },
    testing: { name: 'testing', port: testingPort, url: testing, env: { ...linked, SERVER_TYPE: 'testing' } },
    'short-idle': {
      name: 'short-idle',
      port: idlePort,
      url: `http://localhost:${idlePort}`,
      env: {
        SERVER_TYPE: 'app',
        SERVER_TYPES: `app=http://localhost:${idlePort}`,
        LINK_SIGNING_KEY: linkKey,
        ...SHORT_IDLE_ENV,
        ...BEHIND_PROXY,
      },
    },
  };
  return [...names].map((name) => all[name]);
}

async function runScenario(browser: Browser, world: World, scenario: Scenario, index: number): Promise<boolean> {
  const dir = path.join(ARTIFACTS, `${String(index + 1).padStart(2, '0')}-${slug(scenario.name)}`);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress(index) },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const recorder = new Recorder(dir, context);
  const page = await context.newPage();
  const started = Date.now();
  let current = '(before the first step)';
  const t: ScenarioContext = {
    world,
    context,
    page,
    dialogs: (p) => recorder.dialogs(p),
    note: (text) => console.log(`    · ${text}`),
    async step(name, action) {
      const stepStart = Date.now();
      current = name;
      try {
        const result = await action();
        await recorder.snapshot(name);
        console.log(`    ✓ ${name} (${seconds(Date.now() - stepStart)})`);
        return result;
      } catch (error) {
        console.log(`    ✗ ${name} (${seconds(Date.now() - stepStart)})`);
        throw error;
      }
    },
  };
  console.log(`\n▶ ${scenario.name}`);
  let timer: NodeJS.Timeout | undefined;
  const run = scenario.run(t);
  try {
    await Promise.race([
      run,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`scenario timed out after ${seconds(SCENARIO_TIMEOUT_MS)}`)),
          SCENARIO_TIMEOUT_MS,
        );
      }),
    ]);
    current = '(browser faults, checked after the last step)';
    const faults = recorder.faults();
    if (faults.length > 0) throw new Error(`the page reported ${faults.length} fault(s):\n${faults.join('\n')}`);
    console.log(`PASS ${scenario.name} (${seconds(Date.now() - started)})`);
    return true;
  } catch (error) {
    const saved = await recorder.saveFailure(error);
    console.log(`FAIL ${scenario.name} (${seconds(Date.now() - started)}) in step: ${current}`);
    console.log(indent((error as Error)?.stack ?? String(error)));
    console.log(
      indent(`artifacts: ${path.relative(process.cwd(), dir)}/ (${saved.map((f) => path.basename(f)).join(', ')})`),
    );
    return false;
  } finally {
    const errors = recorder.saveErrors();
    if (errors > 0)
      console.log(`      (${errors} browser console error(s), see ${path.relative(process.cwd(), dir)}/errors.txt)`);
    clearTimeout(timer);
    run.catch(() => undefined); // a timed-out run rejects once its context closes
    await context.close().catch(() => undefined);
  }
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');

async function main(): Promise<number> {
  const filters = process.argv.slice(2).map((f) => f.toLowerCase());
  const chosen = allScenarios.filter(
    (s) => filters.length === 0 || filters.some((f) => slug(s.name).includes(slug(f))),
  );
  if (chosen.length === 0) {
    console.error(
      `no scenario matches ${filters.join(', ')}; known: ${allScenarios.map((s) => slug(s.name)).join(', ')}`,
    );
    return 2;
  }
  const suiteStart = Date.now();
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });

  const servers: RunningServer[] = [];
  let browser: Browser | undefined;
  const results: boolean[] = [];
  try {
    let stamp = Date.now();
    const build = await ensureBuild();
    console.log(`SPA ${build === 'fresh' ? 'build is up to date' : `built in ${seconds(Date.now() - stamp)}`}`);
    stamp = Date.now();
    const specs = await serverSpecs(new Set(chosen.flatMap((s) => s.servers)));
    const started = await Promise.allSettled(specs.map((spec) => startServer(spec)));
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    console.log(`servers up in ${seconds(Date.now() - stamp)}: ${servers.map((s) => `${s.name} ${s.url}`).join(', ')}`);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const world = new World(new Map(servers.map((s) => [s.name as ServerName, s])));
    for (const scenario of chosen)
      results.push(await runScenario(browser, world, scenario, allScenarios.indexOf(scenario)));
  } catch (error) {
    console.log(`FAIL suite setup\n${indent((error as Error)?.stack ?? String(error))}`);
    results.push(false);
  } finally {
    await browser?.close().catch(() => undefined);
    for (const server of servers) saveOutput(server, ARTIFACTS);
    await Promise.all(servers.map((s) => s.stop()));
  }

  const passed = results.filter(Boolean).length;
  const failedCount = results.length - passed;
  console.log(
    `\n${failedCount === 0 ? 'PASS' : 'FAIL'}: ${passed} passed, ${failedCount} failed, ${seconds(Date.now() - suiteStart)} in all` +
      ` (screenshots and server logs in ${path.relative(process.cwd(), ARTIFACTS)}/)`,
  );
  return failedCount === 0 && results.length > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
