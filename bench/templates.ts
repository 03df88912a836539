// Template Settings (decision 052): a template applied to 1,000 accounts over real HTTP against the
// server run as its own process (bench/http.ts): the dry run (POST api/ts/apply_preview/) and the
// apply (POST api/ts/apply/, one transaction writing every account with writeAccountSettingsMany
// with its audit). Target: dry run + apply ≤ 2 s. Each run applies the other of two templates, so
// every run writes all 1,000 accounts. Median of 3 runs.
//
// The bench databases need ≥ 1,000 organizations; where they hold fewer, the bench adds its own
// (with a group each) and removes them afterwards. Half the accounts start with settings saved,
// half on the defaults. Everything the bench changed is put back: the accounts' settings rows as
// they were, its templates, organizations, audit rows and staff member removed.
//
// BENCH_TEMPLATES_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { AccountSettingsTable, Database } from '../server/db/schema';
import { defaultAccountSettings } from '../src/domain/account-settings';
import { removeHttpStaff, signInOverHttp, startServerProcess } from './http';
import { count, median, onChosenOrBothEngines, timedPost, verdict } from './support';

const STAFF = 'bench.templates';
const ACCOUNTS = 1_000;
const REPEATS = 3;
const TARGET_MS = 2_000;
const ORG_PREFIX = 'Bench template org ';
const TEMPLATE_PREFIX = 'Bench template ';

type Row = Selectable<AccountSettingsTable>;

/** Puts back what a run changed: the chosen accounts' settings rows, the bench's templates and organizations. */
async function undo(db: Kysely<Database>, snapshot: Row[] | null, accountIds: number[]): Promise<void> {
  if (snapshot) {
    for (let i = 0; i < accountIds.length; i += 500)
      await db
        .deleteFrom('account_settings')
        .where('account_id', 'in', accountIds.slice(i, i + 500))
        .execute();
    for (let i = 0; i < snapshot.length; i += 200)
      await db
        .insertInto('account_settings')
        .values(snapshot.slice(i, i + 200))
        .execute();
  }
  await db.deleteFrom('settings_templates').where('name', 'like', `${TEMPLATE_PREFIX}%`).execute();
  const orgs = (
    await db.selectFrom('organizations').select('id').where('name', 'like', `${ORG_PREFIX}%`).execute()
  ).map((o) => Number(o.id));
  for (let i = 0; i < orgs.length; i += 500) {
    const ids = orgs.slice(i, i + 500);
    await db.deleteFrom('account_settings').where('account_id', 'in', ids).execute();
    await db.deleteFrom('user_groups').where('organization_id', 'in', ids).execute();
    await db.deleteFrom('organizations').where('id', 'in', ids).execute();
  }
  await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
}

/** ACCOUNTS organizations to apply to: the database's own, topped up with the bench's. */
async function chooseAccounts(db: Kysely<Database>, productKey: string): Promise<{ ids: number[]; added: number }> {
  const have = Number(
    (
      await db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const added = Math.max(0, ACCOUNTS - have);
  const now = Date.now();
  for (let i = 0; i < added; i += 200) {
    const rows = await db
      .insertInto('organizations')
      .values(
        Array.from({ length: Math.min(200, added - i) }, (_, k) => ({
          name: `${ORG_PREFIX}${i + k + 1}`,
          salesforce_id: null,
          sf_acc_id: null,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('user_groups')
      .values(rows.map((r) => ({ name: 'Research Team', kind: 'general', organization_id: r.id, created_at: now })))
      .execute();
  }
  const ids = (await db.selectFrom('organizations').select('id').orderBy('id').limit(ACCOUNTS).execute()).map((o) =>
    Number(o.id),
  );
  // Half of them with settings saved (as a real estate has), the other half on the defaults.
  const d = defaultAccountSettings(productKey, 'app');
  const saved = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await db
      .selectFrom('account_settings')
      .select('account_id')
      .where('account_id', 'in', ids.slice(i, i + 500))
      .execute())
      saved.add(Number(r.account_id));
  }
  const missing = ids.filter((id, i) => i % 2 === 0 && !saved.has(id));
  for (let i = 0; i < missing.length; i += 200) {
    await db
      .insertInto('account_settings')
      .values(
        missing.slice(i, i + 200).map((account_id) => ({
          account_id,
          settings: JSON.stringify(d.account_settings),
          level_flags: JSON.stringify(d.account_level_flags),
          groups: '[]',
          template_id: null,
          created_by: STAFF,
          updated_by: STAFF,
          created_at: now,
          updated_at: now,
          version: 1,
        })),
      )
      .execute();
  }
  return { ids, added };
}

async function addTemplates(db: Kysely<Database>, productKey: string): Promise<{ id: number; version: number }[]> {
  const d = defaultAccountSettings(productKey, 'app');
  const now = Date.now();
  const variants = [
    { otd_limit: 40, dd_limit: 400, export_hits_limit: 300, ner: true },
    { otd_limit: 60, dd_limit: 600, export_hits_limit: 900, restrict_export: true },
  ];
  const rows = await db
    .insertInto('settings_templates')
    .values(
      variants.map((v, i) => ({
        name: `${TEMPLATE_PREFIX}${i + 1}`,
        description: 'bench',
        source: `${productKey}_templates`,
        settings: JSON.stringify({
          account_settings: { ...d.account_settings, ...v },
          account_level_flags: { ...d.account_level_flags, redirect: i === 0 },
        }),
        groups: JSON.stringify(['Research Team']),
        source_user: null,
        account_id: null,
        created_by: STAFF,
        updated_by: STAFF,
        created_at: now,
        updated_at: now,
        version: 1,
      })),
    )
    .returning(['id', 'version'])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), version: Number(r.version) }));
}

type PreviewReply = {
  template: { version: number };
  accounts: { account_id: number; version: number; changes: Record<string, unknown> }[];
};
type ApplyReply = { applied: number; changed: number };

const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const lines: string[] = [];
  const productKey = process.env['PRODUCT_KEY'] ?? 'product';
  await undo(db, null, []);
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  let snapshot: Row[] | null = null;
  let ids: number[] = [];
  try {
    const organizations = Number(
      (
        await db
          .selectFrom('organizations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const firstIds = (await db.selectFrom('organizations').select('id').orderBy('id').limit(ACCOUNTS).execute()).map(
      (o) => Number(o.id),
    );
    snapshot = firstIds.length
      ? await db.selectFrom('account_settings').selectAll().where('account_id', 'in', firstIds).execute()
      : [];
    const savedBefore = snapshot.length;
    const chosen = await chooseAccounts(db, productKey);
    ids = chosen.ids;
    const templates = await addTemplates(db, productKey);
    const client = await signInOverHttp(db, server.base, STAFF);
    const runs: { preview: number; apply: number; changed: number }[] = [];
    for (let r = 0; r < REPEATS + 1; r++) {
      const template = templates[r % 2]!;
      const preview = await timedPost<PreviewReply>(client, '/api/ts/apply_preview/', {
        template_id: String(template.id),
        account_ids: JSON.stringify(ids),
      });
      const apply = await timedPost<ApplyReply>(client, '/api/ts/apply/', {
        template_id: String(template.id),
        template_version: String(preview.reply.template.version),
        accounts: JSON.stringify(preview.reply.accounts.map((a) => ({ account_id: a.account_id, version: a.version }))),
      });
      if (r > 0) runs.push({ preview: preview.ms, apply: apply.ms, changed: apply.reply.changed }); // the first is a warm-up
    }
    const previewMs = median(runs.map((x) => x.preview));
    const applyMs = median(runs.map((x) => x.apply));
    const totalMs = median(runs.map((x) => x.preview + x.apply));
    const followers = Number(
      (
        await db
          .selectFrom('account_settings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(
            'template_id',
            'in',
            templates.map((t) => t.id),
          )
          .executeTakeFirstOrThrow()
      ).n,
    );
    lines.push(
      `${engine}: ${count(organizations)} organizations${chosen.added ? ` (${count(chosen.added)} added by the bench)` : ''}; ${count(ACCOUNTS)} accounts, ${count(savedBefore)} with settings saved before; ${count(followers)} follow the template after the runs`,
    );
    lines.push(`${engine} apply_preview/ ${count(ACCOUNTS)} accounts     median ${fmt(previewMs)}`);
    lines.push(
      `${engine} apply/ ${count(ACCOUNTS)} accounts (${count(runs[0]!.changed)} changed) median ${fmt(applyMs)}`,
    );
    lines.push(
      `${engine} dry run + apply                 median ${fmt(totalMs).padEnd(9)} target ≤ ${count(TARGET_MS)} ms ${verdict(totalMs <= TARGET_MS)}`,
    );
    lines.push(
      `${engine}: ${REPEATS} runs after a warm-up, one keep-alive client over HTTP; ${client.retries} request(s) sent again`,
    );
    return lines;
  } finally {
    await server.stop();
    await undo(db, snapshot, ids).catch((err: unknown) => lines.push(`${engine}: undo failed: ${String(err)}`));
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export function benchTemplates(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_TEMPLATES_DB', benchOn);
}
