// Demo events for the Reports Dashboard (decision 063): what the platform's users did over the
// last 60 days (reports opened, searches, watchlists, downloads), a few a day per active person,
// so Analytics, Events and Depth have something to show on a fresh install. The counters follow
// by trigger. Deterministic: the same seed gives the same events.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { recordEvents, type NewEvent } from '../events/store';

const NAMES = ['Report opened', 'Search run', 'Watchlist saved', 'Document downloaded', 'Alert created'] as const;
/** How common each name is, in the order of NAMES. */
const WEIGHTS = [50, 30, 8, 10, 2];
const DAYS = 60;
const DAY = 86_400_000;

export async function seedReports(
  trx: Kysely<Database> | Transaction<Database>,
  users: readonly { id: number; organization_id: number | null }[],
  usernames: readonly string[],
  now: number,
): Promise<void> {
  let state = 20_261_128;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pickName = () => {
    let r = random() * 100;
    for (const [i, w] of WEIGHTS.entries()) if ((r -= w) < 0) return NAMES[i]!;
    return NAMES[0];
  };
  const events: NewEvent[] = [];
  // A third of the people use the platform; each on some days, a few events a day.
  const active = users.filter((_, i) => i % 3 === 0);
  for (const [i, u] of active.entries()) {
    for (let d = 0; d < DAYS; d += 1) {
      if (random() > 0.35) continue;
      const n = 1 + Math.floor(random() * 5);
      for (let k = 0; k < n; k += 1) {
        events.push({
          name: pickName(),
          source: 'platform',
          user_id: u.id,
          organization_id: u.organization_id,
          actor: usernames[i * 3] ?? null,
          occurred_at: now - d * DAY - Math.floor(random() * DAY),
        });
      }
    }
  }
  await recordEvents(
    trx,
    events.filter((e) => e.occurred_at <= now),
    now,
  );
}
