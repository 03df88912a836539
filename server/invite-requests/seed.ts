// Demo invite requests (decision 064): people waiting in every status, as the platform's
// pre-registration files them. The decided ones that created a user name a seeded user of the
// organization they asked for; two open requests show the duplicates the list warns about (an
// email a user holds already, in other case, and two requests for one email).
import type { Insertable, Kysely } from 'kysely';
import { STAFF_USER_TYPE, type Database, type InviteRequestStatus, type InviteRequestsTable } from '../db/schema';
import { searchTextOf } from './records';

const DAY = 86_400_000;
const NEW_PEOPLE: [string, string, string, string][] = [
  ['Hannah', 'Okafor', 'Northwind Capital', 'Our desk would like access to the research library.'],
  ['Tomás', 'Ribeiro', 'Blue Harbor Asset Management', 'Joining the fixed income team next month.'],
  ['Priya', 'Natarajan', 'Granite Peak', 'Trial for the analytics tools, please.'],
  ['Jonas', 'Lindqvist', 'Meridian Equity Research', ''],
  ['Chloé', 'Dubois', 'Silverline Investments', 'My manager asked me to request an account.'],
  ['Kwame', 'Mensah', 'Independent', 'Freelance analyst covering West African markets.'],
  ['Yuki', 'Tanaka', 'Crescent Bay Advisors', 'Need the notebook and the stream.'],
  ['Sarah', 'Goldberg', 'Oakmont Securities', ''],
  ['Diego', 'Alvarez', 'Redwood Global Markets', 'Replacing a colleague who left.'],
  ['Aisha', 'Rahman', 'Lakeshore Pension Fund', 'Pension fund research access.'],
];
const REJECTED: [string, string, string, string][] = [
  ['Mark', 'Hollis', 'Gmail', 'Not an organization we serve; personal address.'],
  ['Lena', 'Fischer', 'Fischer Trading', 'A competitor of the platform.'],
  ['Robert', 'Quinn', 'Summit Ridge Capital', 'Already has an account under another email.'],
];

export async function seedInviteRequests(trx: Kysely<Database>, now: number): Promise<void> {
  const orgs = await trx.selectFrom('organizations').select(['id', 'name']).execute();
  const orgByName = new Map(orgs.map((o) => [o.name.toLowerCase(), Number(o.id)]));
  const rows: Insertable<InviteRequestsTable>[] = [];
  const add = (r: {
    first: string;
    last: string;
    email: string;
    org: string;
    message: string;
    status: InviteRequestStatus;
    at: number;
    decidedBy?: string;
    reason?: string;
    userId?: number;
    organizationId?: number | null;
    invited?: boolean;
  }) =>
    rows.push({
      first_name: r.first,
      last_name: r.last,
      email: r.email,
      email_key: r.email.toLowerCase(),
      organization_guess: r.org,
      organization_id: r.organizationId ?? orgByName.get(r.org.toLowerCase()) ?? null,
      message: r.message,
      search_text: searchTextOf({ first_name: r.first, last_name: r.last, email: r.email, organization_guess: r.org }),
      status: r.status,
      created_at: r.at,
      decided_by: r.decidedBy ?? null,
      decided_at: r.decidedBy ? r.at + DAY / 2 : null,
      reason: r.reason ?? null,
      user_id: r.userId ?? null,
      invited_at: r.invited ? r.at + DAY / 2 : null,
      invitations: r.invited ? 1 : 0,
    });

  NEW_PEOPLE.forEach(([first, last, org, message], i) =>
    add({
      first,
      last,
      org,
      message,
      status: 'new',
      at: now - (i + 1) * 3 * 3_600_000,
      email: `${first
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase()}.${last.toLowerCase()}@${org.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
    }),
  );
  REJECTED.forEach(([first, last, org, reason], i) =>
    add({
      first,
      last,
      org,
      message: '',
      status: 'rejected',
      at: now - (i + 3) * DAY,
      decidedBy: 'admin',
      reason,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@${org.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
    }),
  );
  // Approved people are seeded users: approved (invitation held back), invited, and joined.
  const users = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'organization_id'])
    .where('user_type', '!=', STAFF_USER_TYPE)
    .where('deleted', '=', 0)
    .orderBy('id')
    .limit(9)
    .execute();
  const decided: InviteRequestStatus[] = [
    'approved',
    'invited',
    'invited',
    'invited',
    'joined',
    'joined',
    'joined',
    'joined',
  ];
  decided.forEach((status, i) => {
    const u = users[i];
    if (!u) return;
    const org = orgs.find((o) => Number(o.id) === u.organization_id)?.name ?? '';
    add({
      first: u.first_name,
      last: u.last_name,
      email: u.email,
      org,
      message: '',
      status,
      at: now - (i + 8) * DAY,
      decidedBy: i % 2 ? 'admin' : 'support',
      userId: Number(u.id),
      organizationId: u.organization_id,
      invited: status !== 'approved',
    });
  });
  // Duplicates the list shows: a user's email in capitals, and one email asked for twice.
  const taken = users[8];
  if (taken)
    add({
      first: taken.first_name,
      last: taken.last_name,
      email: taken.email.toUpperCase(),
      org: '',
      message: 'Asking again; I lost my login.',
      status: 'new',
      at: now - 2 * 3_600_000,
    });
  for (const [k, at] of [
    [0, now - 40 * 60_000],
    [1, now - 20 * 60_000],
  ] as const) {
    add({
      first: 'Marta',
      last: 'Kowalska',
      email: k ? 'Marta.Kowalska@ironbridge.example.com' : 'marta.kowalska@ironbridge.example.com',
      org: 'Ironbridge Holdings',
      message: k ? 'Sent twice, sorry.' : '',
      status: 'new',
      at,
    });
  }
  await trx.insertInto('invite_requests').values(rows).execute();
}
