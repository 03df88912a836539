// Broker Domain Mappings (decision 061): each mapping shows how many users it recognises, the
// users not deleted whose email is at its domain. users_email_domain_idx keys every user by their
// email's domain (lower case, after the '@'), so counting a page's domains, or listing one
// domain's users, is an index range per domain at any number of users. The expression differs by
// engine (SQLite has instr, PostgreSQL split_part); queries take it from EMAIL_DOMAIN so they
// match the index. On PostgreSQL the domain list and the broker picker compare and order text
// bytewise (collate "C": a prefix is then one range whatever the database's locale), so they get
// indexes in that collation; SQLite compares bytewise already (the unique domain index and
// brokers_name_idx serve).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { engineOf, type Engine } from '../connect';

type AnyDb = Kysely<any>;

/** The email's domain, as this index keys it: write queries with this, or the index is not used. */
export function EMAIL_DOMAIN(engine: Engine, column = 'email'): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`lower(split_part(${sql.ref(column)}, '@', 2))`
    : sql<string>`lower(substr(${sql.ref(column)}, instr(${sql.ref(column)}, '@') + 1))`;
}

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  const key =
    engine === 'postgres'
      ? sql.raw(`lower(split_part(email, '@', 2))`)
      : sql.raw(`lower(substr(email, instr(email, '@') + 1))`);
  // Over every user, deleted or not: a partial index on `deleted = 0` would also be PostgreSQL's
  // cheapest way to every live user, and the user search would walk it instead of its sort indexes.
  await sql`create index users_email_domain_idx on users (${key}, id)`.execute(db);
  if (engine === 'postgres') {
    await sql`create index broker_domains_domain_c_idx on broker_domains (domain collate "C")`.execute(db);
    await sql`create index brokers_name_c_idx on brokers ((lower(name) collate "C"), id)`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_email_domain_idx').execute();
  if (engineOf(db) === 'postgres') {
    await db.schema.dropIndex('broker_domains_domain_c_idx').execute();
    await db.schema.dropIndex('brokers_name_c_idx').execute();
  }
}
