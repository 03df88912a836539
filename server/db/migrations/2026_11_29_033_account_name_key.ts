// Account names unique whatever their case, the same on both engines (decision 051, issue 25 §5).
// The check compared lower(name) with JavaScript's toLowerCase(): SQLite's lower() folds A–Z only,
// so 'Ärzte Nord' and 'ärzte nord' were two accounts there and one on PostgreSQL, and renaming onto
// an existing non-ASCII name passed the check and hit the exact unique constraint (a 500).
// organizations.name_key holds the key computed in JavaScript; existing rows are keyed here. It
// is indexed, not unique: organizations also come from writers that never had the rule (decision
// 051), and the account writer keys any row they leave unkeyed before it checks a name.
import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<any>;

/** accountNameKey of src/domain/accounts.ts at the time of this migration. */
const keyOf = (name: string) => name.replace(/\s+/g, ' ').trim().normalize('NFKC').toLowerCase();
const BATCH = 500;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('name_key', 'text').execute();
  await db.schema.createIndex('organizations_name_key_idx').on('organizations').column('name_key').execute();
  for (let after = 0; ;) {
    const rows = (await db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as { id: number; name: string }[];
    if (rows.length === 0) return;
    const keys = sql.join(
      rows.map((r) => sql`when ${Number(r.id)} then ${keyOf(r.name)}`),
      sql` `,
    );
    await db
      .updateTable('organizations')
      .set({ name_key: sql`case id ${keys} end` })
      .where(
        'id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('organizations_name_key_idx').execute();
  await db.schema.alterTable('organizations').dropColumn('name_key').execute();
}
