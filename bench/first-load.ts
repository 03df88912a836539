// First load of a section in Chromium (decision 105): the built panel served by the real server
// (its own process, a small fresh SQLite file), a signed-in browser opening All Users, Group
// Management, Audit Log and Broker Research Requests by address. Timed from navigation start
// to the section's first rows on screen, cold (a new browser context: empty cache, nothing in
// local storage, only the session cookie) and warm (a reload of that page), median of 3. With
// each figure, when the session check and the section's first read were sent and answered, so
// the first read starting with the check (no waterfall) shows in the timeline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { ensureBuild } from '../tests/e2e/harness/build';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/harness/chromium';
import { signInOverHttp, startServerProcess } from './http';
import { median } from './support';
import { seedBenchUsers } from './user-data';

const RUNS = 3;

interface Section {
  name: string;
  /** The address opened (the organization's id filled in for Group Management). */
  path: (org: number) => string;
  /** The section's first read: the path its first data call goes to. */
  read: string;
  /** Its first rows, once on screen. */
  rows: string;
}

const SECTIONS: Section[] = [
  { name: 'All Users', path: () => '/user_list', read: '/user/search_user/', rows: 'main table tbody tr' },
  {
    name: 'Group Management',
    path: (org) => `/modify_groups?org=${org}`,
    read: '/user/fetch_group/',
    rows: 'main [role="region"][aria-label^="Group "]',
  },
  { name: 'Audit Log', path: () => '/audit_log', read: '/api/audit_log/', rows: 'main table tbody tr' },
  {
    name: 'BR Requests',
    path: () => '/broker_research?tab=requests',
    read: '/api/researchreports/requests/list/',
    rows: 'main table tbody tr',
  },
];

interface Visit {
  rows: number;
  checkStart: number;
  checkEnd: number;
  readStart: number;
  readEnd: number;
}

/** Navigation start to first rows, and the two calls' start and end, in ms from navigation start. */
async function visit(page: Page, section: Section, how: () => Promise<unknown>): Promise<Visit> {
  await how();
  const rows = await page.waitForFunction(
    (selector) => (document.querySelector(selector) ? performance.now() : null),
    section.rows,
    { polling: 'raf', timeout: 30_000 },
  );
  const at = (await rows.jsonValue()) as number;
  const calls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => e.initiatorType === 'fetch')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
  );
  const check = calls.find((c) => c.path === '/session_check/');
  const read = calls.find((c) => c.path.startsWith(section.read));
  return {
    rows: at,
    checkStart: check?.start ?? NaN,
    checkEnd: check?.end ?? NaN,
    readStart: read?.start ?? NaN,
    readEnd: read?.end ?? NaN,
  };
}

function line(label: string, visits: Visit[]): string {
  const m = (pick: (v: Visit) => number) => median(visits.map(pick)).toFixed(0).padStart(5);
  return (
    `${label.padEnd(24)} first rows ${m((v) => v.rows)} ms · session_check ${m((v) => v.checkStart)}→${m((v) => v.checkEnd)} ms` +
    ` · first read ${m((v) => v.readStart)}→${m((v) => v.readEnd)} ms`
  );
}

/** Adds what the four sections list: groups of one organization, brokers and research requests. */
async function seed(dir: string) {
  const file = path.join(dir, 'first-load.db');
  const db = openDatabase({ engine: 'sqlite', file });
  await migrateToLatest(db);
  await seedBenchUsers(db, { users: 10_000, orgs: 20 });
  const now = Date.now();
  const users = await db.selectFrom('users').select(['id', 'organization_id']).limit(50).execute();
  const brokers: number[] = [];
  for (const name of ['Apex Securities', 'Birch Research', 'Cobalt Markets']) {
    const row = await db
      .insertInto('brokers')
      .values({ name, open_access: 0, group_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    brokers.push(Number(row.id));
  }
  await db
    .insertInto('research_requests')
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        user_id: users[i % users.length]!.id,
        broker_id: brokers[i % brokers.length]!,
        organization_id: users[i % users.length]!.organization_id,
        status: 'new' as const,
        note: 'For the fund.',
        reason: null,
        created_at: now - i * 60_000,
        updated_at: now - i * 60_000,
        sent_at: null,
        decided_at: null,
        decided_by: null,
      })),
    )
    .execute();
  const org = Number(users.find((u) => u.organization_id !== null)!.organization_id);
  return { db, file, org };
}

export async function benchFirstLoad(): Promise<string[]> {
  const built = await ensureBuild();
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-first-load-'));
  const { db, file, org } = await seed(dir);
  const server = await startServerProcess({ engine: 'sqlite', file });
  let browser: Browser | undefined;
  const out = [`panel build: ${built}; server ${server.base}; ${RUNS} runs each, medians, ms from navigation start`];
  try {
    const client = await signInOverHttp(db, server.base, 'bench.first.load');
    for (let i = 0; i < 5; i++)
      await client.post('/user/add_group_new/', {
        organization_id: String(org),
        name: `Desk ${i + 1}`,
        kind: 'general',
      });
    const cookies = client.cookieList().map((c) => ({ ...c, url: server.base }));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    for (const section of SECTIONS) {
      const url = `${server.base}${section.path(org)}`;
      const cold: Visit[] = [];
      const warm: Visit[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext();
        await context.addCookies(cookies);
        const page = await context.newPage();
        cold.push(await visit(page, section, () => page.goto(url)));
        warm.push(await visit(page, section, () => page.reload()));
        await context.close();
      }
      out.push(line(`${section.name}, cold`, cold), line(`${section.name}, warm`, warm));
    }
  } finally {
    await browser?.close();
    await server.stop();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
