// The research flags of one distributor (decision 056): one row per distributor (research_flags),
// read with who saved it last; a distributor never saved reads as the defaults at version 0.
// A save is one transaction: one conditional write from the version the form was read at (an
// UPDATE on that version, or for version 0 an INSERT that a row saved meanwhile refuses) and its
// 'broker research' audit row. Of two saves from one version one wins; the other is told, with
// the flags as stored now.
import type { Kysely, Transaction } from 'kysely';
import {
  BR_AUDIT_CATEGORY,
  DEFAULT_RESEARCH_FLAGS,
  RESEARCH_FLAG_KEYS,
  TRI_DIST,
  distributorLabel,
  distributorsFor,
  type ResearchFlags,
} from '../../src/domain/broker-research';
import type { FlagsState } from '../../src/domain/broker-research-control-panel';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Which distributors exist on this platform: the product's own and tri. */
export const knownDistributors = (productKey: string): string[] => distributorsFor(productKey, ['tri_submittor']);

/** Whether a session with these other_features may read and save the flags of `dist`. */
export const mayUseDistributor = (dist: string, productKey: string, otherFeatures: readonly string[]): boolean =>
  dist !== TRI_DIST || distributorsFor(productKey, otherFeatures).includes(TRI_DIST);

/** Stored JSON read flag by flag: a flag missing from an older row takes its default. */
function flagsOf(json: string): ResearchFlags {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    /* a damaged row reads as the defaults */
  }
  return Object.fromEntries(
    RESEARCH_FLAG_KEYS.map((k) => [k, typeof stored[k] === 'boolean' ? stored[k] : DEFAULT_RESEARCH_FLAGS[k]]),
  ) as ResearchFlags;
}

export async function readFlags(db: Db, dist: string): Promise<FlagsState> {
  const row = await db.selectFrom('research_flags').selectAll().where('dist', '=', dist).executeTakeFirst();
  if (!row) return { dist, flags: { ...DEFAULT_RESEARCH_FLAGS }, version: 0, updated_by: null, updated_at: null };
  return {
    dist,
    flags: flagsOf(row.flags),
    version: Number(row.version),
    updated_by: row.updated_by,
    updated_at: Number(row.updated_at),
  };
}

export type SaveFlagsResult = { ok: true; state: FlagsState } | { ok: false; current: FlagsState };

export function saveFlags(
  db: Kysely<Database>,
  input: { dist: string; flags: ResearchFlags; version?: number | undefined },
  author: string,
  now: number,
): Promise<SaveFlagsResult> {
  return db.transaction().execute(async (trx) => {
    const before = await readFlags(trx, input.dist);
    // A save naming no version is applied over what this transaction read.
    const version = input.version ?? before.version;
    const values = {
      flags: JSON.stringify(input.flags),
      updated_by: author,
      updated_at: now,
      version: version + 1,
    };
    // The version in the WHERE (or the primary key, for flags never saved) decides: a save committed since refuses this one.
    const written =
      version === 0
        ? await trx
            .insertInto('research_flags')
            .values({ dist: input.dist, ...values })
            .onConflict((oc) => oc.column('dist').doNothing())
            .returning('version')
            .executeTakeFirst()
        : await trx
            .updateTable('research_flags')
            .set(values)
            .where('dist', '=', input.dist)
            .where('version', '=', version)
            .returning('version')
            .executeTakeFirst();
    if (!written) return { ok: false, current: await readFlags(trx, input.dist) };
    const state = await readFlags(trx, input.dist);
    await writeAudit(trx, {
      category: BR_AUDIT_CATEGORY,
      author,
      // The distributor named as Control Panel names it: two distributors' saves read apart.
      action: `${input.version === undefined ? 'research flags saved without a version' : 'research flags saved'}: ${distributorLabel(input.dist)}`,
      at: now,
      previous: { dist: input.dist, ...before.flags, version: before.version },
      current: { dist: input.dist, ...state.flags, version: state.version },
      success: true,
    });
    return { ok: true, state };
  });
}
