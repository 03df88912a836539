// The overview's panels (decision 063), each one or two reads of report_counts: users by type,
// category, product configuration, subscription status and active or not (a snapshot of users
// not deleted); new users and expiring trials per week; sign-ins, refusals and lockouts per day;
// staff changes per audit category per day; tag usage and bulk operations. An organization
// narrows the user panels through its own counters; sign-ins and staff activity are the staff's
// and stay platform-wide. Tag usage of one organization is counted from its users' tags (an index
// range per user of that organization), since a tag row has no organization of its own.
import { AUDIT_CATEGORIES } from '../../src/domain/audit';
import { DAY_MS, TRIAL_LOOKAHEAD_DAYS, type Chart, type ReportPanel } from '../../src/domain/reports';
import {
  categoryLabel,
  configurationLabel,
  subscriptionStatusLabel,
  userTypeLabel,
} from '../../src/domain/user-labels';
import { addTo, categoryChart, readCounts, timeChart, weekOf, type Db } from './counters';

export interface ReportScope {
  /** The range in ms: [start, end). */
  start: number;
  end: number;
  /** 0: every organization. */
  org: number;
  productKey: string;
}

const NOT_RECORDED = 'Not recorded';

async function profile(db: Db, s: ReportScope): Promise<Chart[]> {
  const cells = await readCounts(db, 'users', s.org, 0, 1);
  const byType = new Map<string, number>();
  const byCategory = new Map<string, number>();
  const byConfiguration = new Map<string, number>();
  const byStatus = new Map<string, number>();
  const byActive = new Map<string, number>();
  for (const { key, n } of cells) {
    const [type = '', category = '', configuration = '', status = '', active = ''] = key.split('|');
    addTo(byType, userTypeLabel(type), n);
    addTo(byCategory, categoryLabel(category), n);
    addTo(byConfiguration, configurationLabel(s.productKey, configuration), n);
    addTo(byStatus, status === '' ? NOT_RECORDED : subscriptionStatusLabel(status), n);
    addTo(byActive, active === '1' ? 'Active' : 'Inactive', n);
  }
  const now = 'Users not deleted, as they are now.';
  return [
    categoryChart({ id: 'users-by-type', title: 'Users by type', label: 'User type', note: now }, 'Users', byType),
    categoryChart(
      { id: 'users-by-category', title: 'Users by category', label: 'User category', note: now },
      'Users',
      byCategory,
    ),
    categoryChart(
      {
        id: 'users-by-configuration',
        title: 'Users by product configuration',
        label: 'Product configuration',
        note: now,
      },
      'Users',
      byConfiguration,
    ),
    categoryChart(
      { id: 'users-by-subscription', title: 'Users by subscription status', label: 'Subscription status', note: now },
      'Users',
      byStatus,
    ),
    categoryChart(
      { id: 'active-vs-inactive', title: 'Active and inactive users', label: 'State', note: now },
      'Users',
      byActive,
    ),
  ];
}

async function growth(db: Db, s: ReportScope): Promise<Chart[]> {
  const trialsEnd = s.end + TRIAL_LOOKAHEAD_DAYS * DAY_MS;
  const [created, expiring] = await Promise.all([
    readCounts(db, 'created', s.org, weekOf(s.start), s.end),
    readCounts(db, 'trial_expiry', s.org, weekOf(s.start), trialsEnd),
  ]);
  return [
    timeChart(
      {
        id: 'new-users-per-week',
        title: 'New users per week',
        series: ['New users'],
        note: 'Users created in each week (UTC), deleted ones included.',
      },
      'week',
      s.start,
      s.end,
      created,
      () => 'New users',
    ),
    timeChart(
      {
        id: 'expiring-trials-per-week',
        title: 'Trials expiring per week',
        series: ['Trials expiring'],
        note: `Trial users not deleted whose access ends in each week, from the range's start to ${TRIAL_LOOKAHEAD_DAYS / 7} weeks past its end.`,
      },
      'week',
      s.start,
      trialsEnd,
      expiring,
      () => 'Trials expiring',
    ),
  ];
}

/** Sign-in events as the counters key them (migration 029). */
const AUTH_SERIES: Record<string, string> = { signed_in: 'Signed in', refused: 'Refused', locked: 'Locked out' };

async function signIns(db: Db, s: ReportScope): Promise<Chart[]> {
  const counts = await readCounts(db, 'auth', 0, s.start, s.end);
  const series = (key: string) => AUTH_SERIES[key] ?? null;
  return [
    timeChart(
      {
        id: 'sign-ins-per-day',
        title: 'Sign-ins per day',
        series: ['Signed in'],
        note: 'Staff sign-ins completed to the panel, each day (UTC).',
      },
      'day',
      s.start,
      s.end,
      counts,
      series,
    ),
    timeChart(
      {
        id: 'failed-sign-ins-per-day',
        title: 'Failed sign-ins and lockouts per day',
        series: ['Refused', 'Locked out'],
        note: 'Sign-in steps refused, and accounts locked after repeated failures.',
      },
      'day',
      s.start,
      s.end,
      counts,
      series,
    ),
  ];
}

const STAFF_CATEGORIES = AUDIT_CATEGORIES.filter((c) => c !== 'auth');
/** An audit category as a column heading: 'SKU configuration'; one not listed, capitalised. */
const CATEGORY_WORDS: Record<string, string> = { 'sku configuration': 'SKU configuration' };
const categoryWords = (c: string) =>
  Object.hasOwn(CATEGORY_WORDS, c) ? CATEGORY_WORDS[c]! : c.charAt(0).toUpperCase() + c.slice(1);

async function activity(db: Db, s: ReportScope): Promise<Chart[]> {
  const counts = await readCounts(db, 'activity', 0, s.start, s.end);
  const seen = new Set(counts.map((c) => c.key));
  // Every known category in its order, then any other the audit log holds.
  const keys = [
    ...STAFF_CATEGORIES,
    ...[...seen].filter((k) => !(STAFF_CATEGORIES as readonly string[]).includes(k)).sort(),
  ];
  return [
    timeChart(
      {
        id: 'staff-changes-per-day',
        title: 'Staff changes per category per day',
        series: keys.map(categoryWords),
        note: 'Audit log entries other than sign-in events, each day (UTC).',
      },
      'day',
      s.start,
      s.end,
      counts,
      categoryWords,
    ),
  ];
}

/** Tags shown in the usage chart: the most used. */
export const TAG_CHART_SIZE = 30;

async function tags(db: Db, s: ReportScope): Promise<Chart[]> {
  let usage: { tag: number; n: number }[];
  if (s.org === 0) {
    usage = (await readCounts(db, 'tags', 0, 0, 1)).map((c) => ({ tag: Number(c.key), n: c.n }));
  } else {
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('user_tags as ut', 'ut.user_id', 'u.id')
      .select(['ut.tag_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('u.organization_id', '=', s.org)
      .groupBy('ut.tag_id')
      .execute();
    usage = rows.map((r) => ({ tag: Number(r.tag_id), n: Number(r.n) }));
  }
  usage.sort((a, b) => b.n - a.n || a.tag - b.tag);
  const top = usage.slice(0, TAG_CHART_SIZE);
  const names = new Map<number, string>();
  if (top.length) {
    for (const t of await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        top.map((t) => t.tag),
      )
      .execute())
      names.set(Number(t.id), t.name);
  }
  const totals = new Map<string, number>();
  for (const t of top) addTo(totals, names.get(t.tag) ?? `Tag ${t.tag}`, t.n);
  const bulk = await readCounts(db, 'bulk', 0, s.start, s.end);
  return [
    categoryChart(
      {
        id: 'tag-usage',
        title: 'Tag usage',
        label: 'Tag',
        note: `Users holding each tag, the ${TAG_CHART_SIZE} most used, as they are now.`,
      },
      'Users',
      totals,
    ),
    timeChart(
      {
        id: 'bulk-operations-per-day',
        title: 'Bulk operations per day',
        series: ['Bulk edits'],
        note: 'Bulk edits of users applied each day (UTC), across the platform.',
      },
      'day',
      s.start,
      s.end,
      bulk,
      () => 'Bulk edits',
    ),
  ];
}

const PANELS: Record<ReportPanel, (db: Db, s: ReportScope) => Promise<Chart[]>> = {
  profile,
  growth,
  sign_ins: signIns,
  activity,
  tags,
};

export function panelCharts(db: Db, panel: ReportPanel, scope: ReportScope): Promise<Chart[]> {
  return PANELS[panel](db, scope);
}
