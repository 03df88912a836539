// Demo platform content (decision 065): saved searches, watchlists and dashboards for the demo users.
// About a third of the managed users hold some; the first is rich, the second shares one saved
// search name with the first (a copy between them shows a clash), and one live user holds the
// watchlist administrator privilege with three watchlists, so the shared list is never empty.
// The seeded generator seed.ts hands it keeps every fresh database the same.
import type { Insertable, Kysely } from 'kysely';
import {
  DASHBOARD_WIDGET_LABELS,
  DATA_SOURCES,
  contentNameKey,
  type DashboardSettings,
  type DashboardTemplate,
} from '../../src/domain/user-content';
import type { Database, UserContentTable } from './schema';

const DAY = 86_400_000;

const SEARCHES: readonly [string, string][] = [
  ['Semiconductor earnings', '(semiconductor OR chipmaker) AND (earnings OR "quarterly results")'],
  ['ESG downgrades', '(ESG OR sustainability) AND (downgrade OR "cut to") NOT upgrade'],
  ['Fed minutes', '"FOMC minutes" OR ("Federal Reserve" AND minutes)'],
  ['Gross margin guidance', '(guidance OR outlook) AND "gross margin"'],
  ['European banks capital', '(bank OR lender) AND (CET1 OR "capital ratio") AND Europe'],
  ['Lithium supply', 'lithium AND (supply OR shortage OR "offtake agreement")'],
  ['Share buybacks', '"share repurchase" OR buyback OR "return of capital"'],
  ['CEO departures', '(CEO OR "chief executive") AND (resigns OR steps down OR departure)'],
  ['Credit rating actions', '(Moody\'s OR Fitch OR "S&P") AND (downgrade OR upgrade OR "outlook revised")'],
  ['Oil inventories', '"crude inventories" OR (EIA AND stockpiles)'],
  ['AI capex', '("artificial intelligence" OR AI) AND (capex OR "capital expenditure" OR "data center")'],
  ['Supply chain disruptions', '"supply chain" AND (disruption OR bottleneck OR shortage)'],
  ['Dividend cuts', 'dividend AND (cut OR suspend OR reduce)'],
  ['Biotech trial readouts', '(phase 2 OR phase 3) AND (topline OR readout) AND trial'],
  ['China property', '(China OR Chinese) AND (developer OR property) AND (default OR restructuring)'],
  ['Retail same-store sales', '"same-store sales" OR "comparable sales" OR comps'],
  ['M&A rumours', '(merger OR acquisition OR takeover) AND (talks OR rumour OR "people familiar")'],
  ['Inflation expectations', '"inflation expectations" OR breakevens OR "CPI surprise"'],
  ['Carbon credits', '"carbon credit" OR "carbon offset" OR "emissions trading"'],
  ['Activist investors', '(activist OR "proxy fight") AND (stake OR board seats)'],
  ['Guidance raises', '(raises OR lifts) AND (guidance OR forecast OR outlook)'],
  ['Cybersecurity breaches', '(breach OR ransomware OR hack) AND (disclosed OR 8-K)'],
  ['Tariff exposure', 'tariff AND (exposure OR impact OR "cost headwind")'],
  ['Airline capacity', '(airline OR carrier) AND (capacity OR "seat miles" OR ASM)'],
  ['Private credit', '"private credit" OR "direct lending" OR BDC'],
  ['Water risk', '(water OR drought) AND (risk OR scarcity) AND (mining OR utilities)'],
];

// Each watchlist holds names of its theme; the mixed ones draw from all of them.
const THEMES: Record<string, readonly string[]> = {
  Semis: ['NVDA', 'AMD', 'INTC', 'TSM', 'ASML', 'QCOM', 'MU', 'TXN', 'AVGO'],
  'Banks to watch': ['JPM', 'BAC', 'C', 'GS', 'MS', 'WFC', 'HSBA.L', 'BARC.L', 'BNP.PA', 'SAN.MC'],
  'Energy majors': ['XOM', 'CVX', 'SHEL.L', 'BP.L', 'TTE.PA', 'COP'],
  'Lithium names': ['ALB', 'SQM', 'LTHM', 'PLS.AX'],
  'Pharma pipeline': ['JNJ', 'PFE', 'MRK', 'ABBV', 'LLY', 'NVO', 'AZN.L'],
  'Consumer staples': ['WMT', 'COST', 'TGT', 'KO', 'PEP', 'HD', 'NKE', 'MC.PA'],
  Airlines: ['DAL', 'UAL', 'RYA.L', 'BA', 'AIR.PA'],
  'Sector leaders': ['AAPL', 'MSFT', 'JPM', 'XOM', 'LLY', 'WMT', 'NVDA', 'BA'],
  'Dividend aristocrats': ['KO', 'PEP', 'JNJ', 'WMT', 'XOM', 'CVX', 'ABBV', 'TGT', 'HD'],
  'Macro hedges': ['GLD', 'TLT', 'UUP', 'XOM', 'CVX', 'KO'],
};
const ALL_TICKERS = [...new Set([...Object.values(THEMES).flat(), 'AAPL', 'MSFT', 'AMZN', 'GOOGL', 'META', 'TSLA'])];
const WATCHLISTS = [
  'Core holdings',
  'Semis',
  'Banks to watch',
  'Energy majors',
  'Lithium names',
  'Pharma pipeline',
  'Consumer staples',
  'Airlines',
  'High conviction',
  'Earnings this week',
];
const DASHBOARDS: readonly [string, DashboardTemplate][] = [
  ['Morning markets', 'market_overview'],
  ['Earnings tracker', 'earnings_season'],
  ['Research inbox', 'research_digest'],
  ['Portfolio risk', 'portfolio_monitor'],
  ['Scratchpad', 'blank'],
  ['Sector pulse', 'market_overview'],
];
const WIDGETS = Object.keys(DASHBOARD_WIDGET_LABELS) as (keyof typeof DASHBOARD_WIDGET_LABELS)[];

type Row = Insertable<UserContentTable>;

export async function seedUserContent(
  trx: Kysely<Database>,
  userIds: readonly number[],
  now: number,
  rand: () => number,
): Promise<void> {
  if (userIds.length < 3) return;
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const pool = [...list];
    const out: T[] = [];
    while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
    return out;
  };
  const rows: Row[] = [];
  const base = (
    userId: number,
    kind: Row['kind'],
    name: string,
    body: object,
    size: number,
    lastUsed: number | null,
  ): Row => {
    const updated = now - int(1, 240) * DAY;
    return {
      user_id: userId,
      kind,
      name,
      name_key: contentNameKey(name),
      body: JSON.stringify(body),
      size,
      last_used_at: lastUsed,
      created_by: 'system',
      created_at: updated - int(0, 200) * DAY,
      updated_at: updated,
    };
  };
  const searches = (userId: number, picked: readonly (readonly [string, string])[]) => {
    for (const [name, query] of picked) {
      const sources = sample(DATA_SOURCES, int(1, 4));
      const lastUsed = rand() < 0.8 ? now - int(0, 150) * DAY - int(0, 86_399) * 1000 : null;
      rows.push(base(userId, 'saved_search', name, { query, sources, alert: rand() < 0.35 }, sources.length, lastUsed));
    }
  };
  const watchlists = (userId: number, names: readonly string[]) => {
    for (const name of names) {
      const theme = THEMES[name];
      const tickers = theme
        ? sample(theme, int(Math.min(4, theme.length), theme.length))
        : sample(ALL_TICKERS, int(6, 30));
      rows.push(base(userId, 'watchlist', name, { tickers }, tickers.length, null));
    }
  };
  const dashboards = (userId: number, picked: readonly (readonly [string, DashboardTemplate])[]) => {
    for (const [name, template] of picked) {
      const widgets = sample(WIDGETS, template === 'blank' ? int(1, 2) : int(3, 6)).map((type) => ({
        type,
        title: DASHBOARD_WIDGET_LABELS[type],
        watchlist: type === 'watchlist_quotes' ? WATCHLISTS[int(0, WATCHLISTS.length - 1)]! : null,
      }));
      const settings: DashboardSettings = {
        layout: rand() < 0.6 ? 'grid' : 'columns',
        refresh_seconds: [60, 300, 900][int(0, 2)]!,
        widgets,
      };
      rows.push(base(userId, 'dashboard', name, { template, settings }, widgets.length, null));
    }
  };

  // The first managed user: rich. The second: one saved search named like one of the first's.
  const first = userIds[0]!;
  const second = userIds[1]!;
  searches(first, SEARCHES.slice(0, 10));
  watchlists(first, WATCHLISTS.slice(0, 3));
  dashboards(first, DASHBOARDS.slice(0, 2));
  searches(second, [SEARCHES[2]!, SEARCHES[15]!]);
  watchlists(second, [WATCHLISTS[5]!]);

  // A live user past the first two holds the watchlist administrator privilege and three watchlists.
  const live = await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds.slice(2, 40))
    .where('deleted', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  const manager = live ? Number(live.id) : userIds[2]!;
  await trx
    .updateTable('users')
    .set({ admin_privileges: JSON.stringify({ is_super_admin_user: false, is_admin_wm: true, is_admin_ss: false }) })
    .where('id', '=', manager)
    .execute();
  watchlists(manager, ['Sector leaders', 'Dividend aristocrats', 'Macro hedges']);

  for (const id of userIds.slice(2)) {
    if (id === manager || rand() >= 1 / 3) continue;
    searches(id, sample(SEARCHES, int(2, 12)));
    watchlists(id, sample(WATCHLISTS, int(1, 4)));
    dashboards(id, sample(DASHBOARDS, int(0, 3)));
  }
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('user_content')
      .values(rows.slice(i, i + 500))
      .execute();
}
