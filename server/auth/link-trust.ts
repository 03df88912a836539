// What a server type trusts of another's linked sign-in token (decision 067). The signature says
// the issuing type vouches for a person; it does not make an email an identity, since email is an
// attribute a staff member may change. So the account a token opens here must:
// - hold no key the token's session lacks there (a link never becomes more than its source);
// - have kept its email for LINK_EMAIL_QUIET_MS, here and on the issuing type;
// - be the account that issuing type's user id first linked to (pinned in linked_identities).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { lacking, permissionList } from '../roles/grant-rule';

/** A changed email is trusted for linked sign-in only after a week: time for its owner to notice. */
export const LINK_EMAIL_QUIET_MS = 7 * 24 * 60 * 60 * 1000;

export type LinkDistrust = { reason: 'email_recent' | 'more_keys' | 'other_identity'; detail: string };

export const LINK_TRUST_TEXT = {
  email_recent:
    'The email of this account changed recently, so it cannot be opened through a link yet. Sign in here with its password and code.',
  more_keys:
    'This account holds permissions your session on the other panel does not, so it cannot be opened through a link. Sign in here with its password and code.',
  other_identity:
    'This account is linked to a different account on the other panel. Sign in here with its password and code.',
} as const;

/** The checks that need no writing: keys and the age of both emails. Null when trusted. */
export function linkDistrust(
  token: { keys: readonly string[]; emailChangedAt: number | null },
  local: { emailChangedAt: number | null; keys: Iterable<string> },
  now: number,
): LinkDistrust | null {
  const missing = lacking(new Set(token.keys), local.keys);
  if (missing.length)
    return { reason: 'more_keys', detail: `holds ${permissionList(missing)} the source session lacks` };
  for (const [where, at] of [
    ['here', local.emailChangedAt],
    ['on the issuing type', token.emailChangedAt],
  ] as const) {
    if (at !== null && now - at < LINK_EMAIL_QUIET_MS)
      return { reason: 'email_recent', detail: `email changed ${where} at ${new Date(at).toISOString()}` };
  }
  return null;
}

/**
 * Pins the issuing type's account to the one here, on first use; true when the pair is (now) the
 * pinned one. A race of two first uses leaves one row: the loser reads it.
 */
export async function pinLinkedIdentity(
  trx: Kysely<Database> | Transaction<Database>,
  link: { serverType: string; remoteUserId: number; userId: number; now: number },
): Promise<boolean> {
  await trx
    .insertInto('linked_identities')
    .values({
      server_type: link.serverType,
      remote_user_id: link.remoteUserId,
      user_id: link.userId,
      created_at: link.now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const pinned = await trx
    .selectFrom('linked_identities')
    .select(['remote_user_id', 'user_id'])
    .where('server_type', '=', link.serverType)
    .where((eb) => eb.or([eb('remote_user_id', '=', link.remoteUserId), eb('user_id', '=', link.userId)]))
    .execute();
  return (
    pinned.length === 1 &&
    Number(pinned[0]!.remote_user_id) === link.remoteUserId &&
    Number(pinned[0]!.user_id) === link.userId
  );
}
