// The sign-in calls of spec §7: password step, code step, first-time activation, and linked
// sign-in from another server type. Outcomes a person causes answer 200 with status false; too
// many password attempts from one address answer 429 before any hashing (decision 040).
import type { Kysely, Transaction } from 'kysely';
import {
  ActivateForm,
  LOGIN_BLOCKED,
  LinkedLoginForm,
  LoginForm,
  MESSAGES,
  OtpForm,
  throttledMessage,
  type LinkedLoginReply,
  type LoginReply,
  type StatusReply,
  type ThrottledReply,
} from '../../src/domain/auth';
import { writeAudit } from '../audit';
import { AlreadyEnrolled, PendingSessionEnded, enrolTotp } from '../auth/enrolment';
import { claimLinkToken, verifyLinkToken } from '../auth/link-tokens';
import { LINK_TRUST_TEXT, linkDistrust, pinLinkedIdentity, type LinkDistrust } from '../auth/link-trust';
import {
  attemptKey,
  clearUnlessLocked,
  confirmFailure,
  giveBackAttempt,
  sourceAttemptKey,
  takeAttempt,
  type Attempt,
} from '../auth/lockout';
import { hashPassword, needsRehash, verifyDummy, verifyPassword, type HashPriority } from '../auth/passwords';
import { createSession, hashSessionId, type StartedSession } from '../auth/sessions';
import { isKnownSource, rememberSource, sweepThrottle, takeAddressAttempt } from '../auth/throttle';
import { issueTicket, openTicket } from '../auth/tickets';
import { matchingStep, newTotpSecret, otpauthUri, qrCodeDataUrl, sealSecret, verifyStoredCode } from '../auth/totp';
import type { AppDeps } from '../context';
import type { Database, SessionStage } from '../db/schema';
import { addressKey, clientAddress } from '../http/client-address';
import { endBrowserSession, startBrowserSession } from '../http/cookies';
import { REFUSALS, forbidden } from '../http/replies';
import { defineRoute, type RouteContext } from '../routes';
import { findUserByEmail, findUserByUsername, grantsOf, mayUsePanel } from '../staff';
import { ServerBusy, type WorkKind } from '../work-limiter';

export const SIGN_IN_TEXT = {
  enterOtp: 'Enter OTP',
  notActivated: 'Two-step sign-in is not activated for this account. Sign in again to activate it.',
  alreadyActivated: 'Two-step sign-in is already activated for this account. Sign in again.',
  ticketInvalid: 'The activation has expired or is not valid. Sign in again.',
  linkOff: 'Linked sign-in is not configured on this server.',
  linkExpired: 'This sign-in link has expired. Open it again from the other panel.',
  linkInvalid: 'This sign-in link is not valid.',
  linkUsed: 'This sign-in link was already used.',
  linkNoAccount: 'No staff account on this server matches this sign-in link.',
  pendingUsed: 'This sign-in was already completed or has ended. Sign in again if you are not signed in.',
} as const;

/** Replaces whatever session the browser presented with a new one (session fixation defence). */
async function rotateSession(
  trx: Kysely<Database>,
  presentedCookie: string | null,
  next: { userId: number; stage: SessionStage; now: number; mtUserEmail?: string; authTime?: number },
): Promise<StartedSession> {
  if (presentedCookie) await trx.deleteFrom('sessions').where('id_hash', '=', hashSessionId(presentedCookie)).execute();
  return createSession(trx, next);
}

/**
 * The counter an attempt counts on, and the author of its audit rows: the account's name when
 * there is one, otherwise the name as it was typed. From one of the account's known sources the
 * counter is that source's own (decision 040).
 */
interface Attempter {
  key: string;
  author: string;
  /** The client's address key (server/http/client-address.ts addressKey). */
  address: string;
  /** The account completed a sign-in from this address (decision 040): its hashes go first. */
  known: boolean;
}

async function attempterOf(
  db: Kysely<Database>,
  username: string,
  address: string,
  now: number,
  hasAccount = true,
): Promise<Attempter> {
  // A name no account holds has no known source: a flood of made-up names costs one read less each.
  const known = hasAccount && (await isKnownSource(db, attemptKey(username), address, now));
  return { key: known ? sourceAttemptKey(username, address) : attemptKey(username), author: username, address, known };
}

/** A completed sign-in: its counter starts again and its address becomes known to the account. */
async function completeSignIn(trx: Transaction<Database>, who: Attempter, now: number): Promise<void> {
  if (!(await clearUnlessLocked(trx, who.key, now))) throw new Abandon('locked');
  await rememberSource(trx, attemptKey(who.author), who.address, now);
}

const LOCKED_ACTION = 'account locked after repeated failures';

/** A checked factor was wrong: audited; answers the reply text ('blocked' once locked). */
async function failFactor(
  db: Kysely<Database>,
  who: Attempter,
  action: string,
  now: number,
  wrong: string,
): Promise<string> {
  const outcome = await db.transaction().execute(async (trx) => {
    const result = await confirmFailure(trx, who.key, now);
    await writeAudit(trx, { category: 'auth', author: who.author, action, at: now, success: false });
    if (result.lockedNow)
      await writeAudit(trx, { category: 'auth', author: who.author, action: LOCKED_ACTION, at: now, success: false });
    return result;
  });
  return outcome.locked ? LOGIN_BLOCKED : wrong;
}

/**
 * A known source's hash goes before any unknown one, at the server's CPU priority; unknown ones
 * share a budget of the hasher's slots and run at the lowest CPU priority (decision 040).
 */
const hashKind = (who: Attempter): WorkKind => (who.known ? 'first' : 'budget');
const hashPriority = (who: Attempter): HashPriority => (who.known ? 'normal' : 'low');

/**
 * Checks a password through the instance's hashing limiter. When the server is too busy to check
 * it (ServerBusy, answered 503), nothing was checked, so the attempt is given back.
 */
async function checkPassword(
  deps: AppDeps,
  who: Attempter,
  now: number,
  check: () => Promise<boolean>,
): Promise<boolean> {
  try {
    return await deps.hashing.run(check, hashKind(who));
  } catch (err) {
    if (err instanceof ServerBusy) await giveBackAttempt(deps.db, who.key, now);
    throw err;
  }
}

/** A step refused because the account is (or just became) locked: audited. */
async function refuseBlocked(
  db: Kysely<Database>,
  who: Attempter,
  step: string,
  now: number,
  attempt: Attempt = 'locked',
): Promise<void> {
  if (attempt === 'locked-now')
    await writeAudit(db, { category: 'auth', author: who.author, action: LOCKED_ACTION, at: now, success: false });
  await writeAudit(db, {
    category: 'auth',
    author: who.author,
    action: `${step} refused: account blocked`,
    at: now,
    success: false,
  });
}

/**
 * Why a sign-in transaction gave up, rolling back what it wrote: 'locked' when the account got
 * locked while the factor was checked; 'pending-used' when another request with this pending
 * session finished the code step first.
 */
type Abandoned = 'locked' | 'pending-used';

class Abandon extends Error {
  constructor(readonly reason: Abandoned) {
    super(`sign-in abandoned: ${reason}`);
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; reason: Abandoned };

/** Runs a sign-in transaction that may throw Abandon. */
async function signInTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await db.transaction().execute(work) };
  } catch (err) {
    if (err instanceof Abandon) return { ok: false, reason: err.reason };
    throw err;
  }
}

/**
 * Ends the half-signed-in session a code step came with. Only one request can: two codes sent at
 * once (say of two neighbouring time steps) must not turn one password step into two sessions.
 */
async function consumePending(trx: Transaction<Database>, idHash: string): Promise<void> {
  const result = await trx
    .deleteFrom('sessions')
    .where('id_hash', '=', idHash)
    .where('stage', '=', 'pending_otp')
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new Abandon('pending-used');
}

type PendingCtx<I> = RouteContext<'pending_otp', I>;

/** The code steps belong to the person who passed the password step in this session. */
function sameUser(ctx: PendingCtx<{ username: string }>): boolean {
  return ctx.input.username === ctx.session.user.username;
}

/**
 * The opening of both code steps: the form names the pending session's person, and the attempt is
 * counted before anything is checked. Gives the attempter, or the reply that ends the step.
 */
async function openCodeStep(ctx: PendingCtx<{ username: string }>, step: string): Promise<Attempter | Response> {
  const { c, deps, now, session } = ctx;
  if (!sameUser(ctx)) return forbidden(c, REFUSALS.noSession);
  const who = await attempterOf(deps.db, session.user.username, addressKey(clientAddress(c)), now);
  const attempt = await takeAttempt(deps.db, who.key, now);
  if (attempt === 'counted') return who;
  await refuseBlocked(deps.db, who, step, now, attempt);
  return c.json({ status: false, msg: LOGIN_BLOCKED } satisfies StatusReply);
}

/**
 * HTTP 429: the address has used up its password attempts for now. Nothing was hashed and nothing
 * counted against the account; the first refusal of a window is audited, the rest of a flood is not.
 */
async function throttled(
  c: RouteContext<'public', LoginForm>['c'],
  username: string,
  address: string,
  check: { retryAfterMs: number; first: boolean },
  now: number,
): Promise<Response> {
  const seconds = Math.ceil(check.retryAfterMs / 1000);
  if (check.first) {
    await writeAudit(c.get('deps').db, {
      category: 'auth',
      author: username,
      action: 'password step refused: too many attempts from this address',
      at: now,
      success: false,
      current: { address },
    });
  }
  c.header('Retry-After', String(seconds));
  return c.json({ status: false, msg: throttledMessage(seconds), retry_after: seconds } satisfies ThrottledReply, 429);
}

const login = defineRoute({
  method: 'POST',
  path: '/login_account_new/',
  signInStep: 'password',
  access: 'public',
  schema: LoginForm,
  summary: 'Password step: on success the session becomes pending_otp; first login carries the activation ticket.',
  async handler({ c, deps, now, input }) {
    const { db, config } = deps;
    const reply = (body: LoginReply) => c.json(body);
    const address = addressKey(clientAddress(c));
    const user = await findUserByUsername(db, input.username);
    const who = await attempterOf(db, user?.username ?? input.username, address, now, user !== undefined);
    // An attempt the hasher would refuse (an unknown source over its budget during a flood) is
    // refused before anything is written: under a flood every write queues for the one SQLite
    // writer, and the writes a refusal used to make (address, account, give-back) held its 503
    // for tens of seconds. It costs the reads above; nothing is counted, nothing hashed.
    if (!deps.hashing.admits(hashKind(who))) throw new ServerBusy();
    // Before any hashing, and whatever name was typed: a flood from one address costs a read and a write each.
    const allowed = await takeAddressAttempt(db, address, now);
    if (!allowed.allowed) return throttled(c, input.username, address, allowed, now);
    await sweepThrottle(db, now);
    const grants = user ? await grantsOf(db, user.id) : null;
    const blocked = () => reply({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });
    // Counted before the check, for an unknown name too: 'blocked' tells nothing about who exists.
    const attempt = await takeAttempt(db, who.key, now);
    if (attempt !== 'counted') {
      await refuseBlocked(db, who, 'password step', now, attempt);
      return blocked();
    }
    if (!user || !grants || !user.password_hash || !mayUsePanel(user, grants, now)) {
      await checkPassword(deps, who, now, () => verifyDummy(input.password, config.scrypt, hashPriority(who)));
      const msg = await failFactor(db, who, 'password rejected', now, MESSAGES.badCredentials);
      return reply({ status: false, msg, first_time_login: false });
    }
    const hash = user.password_hash;
    if (!(await checkPassword(deps, who, now, () => verifyPassword(input.password, hash, hashPriority(who))))) {
      const msg = await failFactor(db, who, 'password rejected', now, MESSAGES.badCredentials);
      return reply({ status: false, msg, first_time_login: false });
    }
    // A stronger hash is worth having, not worth a refusal: when the server is busy it waits for the next sign-in.
    const rehash = needsRehash(hash, config.scrypt)
      ? await deps.hashing
          .run(() => hashPassword(input.password, config.scrypt), hashKind(who))
          .catch((err: unknown) => {
            if (err instanceof ServerBusy) return null;
            throw err;
          })
      : null;
    const outcome = await signInTransaction(db, async (trx) => {
      // A correct password alone does not reset the count (decision 004): it only gives its attempt back.
      if (!(await giveBackAttempt(trx, who.key, now))) throw new Abandon('locked');
      if (rehash)
        await trx
          .updateTable('users')
          .set({ password_hash: rehash, updated_at: now })
          .where('id', '=', user.id)
          .execute();
      await writeAudit(trx, {
        category: 'auth',
        author: user.username,
        action: 'password accepted',
        at: now,
        success: true,
      });
      return rotateSession(trx, c.get('sessionCookie'), { userId: user.id, stage: 'pending_otp', now });
    });
    if (!outcome.ok) {
      await refuseBlocked(db, who, 'password step', now);
      return blocked();
    }
    const started = outcome.value;
    await startBrowserSession(c, started.id);
    await deps.sweep(now);

    const enrolled = await db
      .selectFrom('totp_secrets')
      .select('user_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (enrolled) return reply({ status: true, msg: SIGN_IN_TEXT.enterOtp, first_time_login: false });
    const secret = newTotpSecret();
    const ticket = await issueTicket(
      await deps.keys(),
      { userId: user.id, sessionHash: started.row.id_hash, secret },
      now,
      started.row.expires_at,
    );
    const qrcode = await qrCodeDataUrl(otpauthUri(secret, user.username));
    return reply({ status: true, msg: { ...ticket, qrcode, key: secret }, first_time_login: true });
  },
});

const verifyOtp = defineRoute({
  method: 'POST',
  path: '/login_tfa_new/',
  signInStep: 'otp',
  access: 'pending_otp',
  schema: OtpForm,
  summary: 'Code step: a valid, unused code turns the pending session into a new signed-in one.',
  async handler(ctx) {
    const { c, deps, now, input, session } = ctx;
    const { db } = deps;
    const user = session.user;
    const reply = (body: StatusReply) => c.json(body);
    const who = await openCodeStep(ctx, 'code step');
    if (who instanceof Response) return who;
    const check = await verifyStoredCode(db, (await deps.keys()).totpAtRest, user.id, input.otp, now);
    if (check === 'none') {
      // Nothing was checked: the account has no code to check against.
      await giveBackAttempt(db, who.key, now);
      return reply({ status: false, msg: SIGN_IN_TEXT.notActivated });
    }
    if (check !== 'ok') {
      const action = check === 'replay' ? 'code rejected: already used' : 'code rejected';
      return reply({ status: false, msg: await failFactor(db, who, action, now, MESSAGES.badOtp) });
    }
    const outcome = await signInTransaction(db, async (trx) => {
      await consumePending(trx, session.idHash);
      await completeSignIn(trx, who, now);
      await writeAudit(trx, { category: 'auth', author: user.username, action: 'signed in', at: now, success: true });
      return createSession(trx, { userId: user.id, stage: 'authenticated', now });
    });
    if (!outcome.ok && outcome.reason === 'pending-used') {
      await writeAudit(db, {
        category: 'auth',
        author: user.username,
        action: 'code step refused: sign-in already completed',
        at: now,
        success: false,
      });
      return reply({ status: false, msg: SIGN_IN_TEXT.pendingUsed });
    }
    if (!outcome.ok) {
      await refuseBlocked(db, who, 'code step', now);
      return reply({ status: false, msg: LOGIN_BLOCKED });
    }
    const started = outcome.value;
    await startBrowserSession(c, started.id);
    await deps.sweep(now);
    return reply({ status: true });
  },
});

const activate = defineRoute({
  method: 'POST',
  path: '/ap_activate_tfa',
  signInStep: 'activation',
  access: 'pending_otp',
  schema: ActivateForm,
  summary: 'First-time activation: the code proves the ticket secret, which is then stored; the person signs in again.',
  async handler(ctx) {
    const { c, deps, now, input, session } = ctx;
    const { db } = deps;
    const user = session.user;
    const reply = (body: StatusReply) => c.json(body);
    const who = await openCodeStep(ctx, 'activation');
    if (who instanceof Response) return who;
    const keys = await deps.keys();
    const secret = await openTicket(keys, input.hx, input.ck, { userId: user.id, sessionHash: session.idHash }, now);
    if (!secret) {
      // No code was checked: the ticket itself is void.
      await giveBackAttempt(db, who.key, now);
      return reply({ status: false, msg: SIGN_IN_TEXT.ticketInvalid });
    }
    const step = matchingStep(secret, input.otp, now);
    if (step === null)
      return reply({ status: false, msg: await failFactor(db, who, 'activation code rejected', now, MESSAGES.badOtp) });
    let enrolled: Outcome<void>;
    try {
      enrolled = await signInTransaction(db, async (trx) => {
        // A completed activation is a completed sign-in: the count starts again (decision 004).
        await completeSignIn(trx, who, now);
        await enrolTotp(trx, {
          userId: user.id,
          username: user.username,
          sealedSecret: sealSecret(secret, keys.totpAtRest, user.id),
          step,
          sessionHash: session.idHash,
          now,
        });
      });
    } catch (err) {
      if (!(err instanceof AlreadyEnrolled) && !(err instanceof PendingSessionEnded)) throw err;
      // Another request won: the code was right, so its attempt is given back.
      await giveBackAttempt(db, who.key, now);
      return reply({
        status: false,
        msg: err instanceof AlreadyEnrolled ? SIGN_IN_TEXT.alreadyActivated : SIGN_IN_TEXT.pendingUsed,
      });
    }
    if (!enrolled.ok) {
      await refuseBlocked(db, who, 'activation', now);
      return reply({ status: false, msg: LOGIN_BLOCKED });
    }
    await endBrowserSession(c);
    return reply({ status: true });
  },
});

const linkedLogin = defineRoute({
  method: 'POST',
  path: '/login_with_mt_account/',
  signInStep: 'linked',
  access: 'public',
  schema: LinkedLoginForm,
  changesGrants: true,
  summary: 'Linked sign-in: a single-use token from another server type starts a signed-in session here.',
  async handler({ c, deps, now, input }) {
    const { db, config } = deps;
    const reply = (body: LinkedLoginReply) => c.json(body);
    const keys = await deps.keys();
    if (!keys.link) return reply({ status: false, msg: SIGN_IN_TEXT.linkOff });
    const token = await verifyLinkToken(
      keys.link,
      input.token,
      { self: config.serverType, issuers: Object.keys(config.serverTypes) },
      now,
    );
    if (!token.ok) {
      await writeAudit(db, {
        category: 'auth',
        author: 'unknown',
        action: `linked sign-in refused: ${token.reason} token`,
        at: now,
        success: false,
      });
      return reply({
        status: false,
        msg: token.reason === 'expired' ? SIGN_IN_TEXT.linkExpired : SIGN_IN_TEXT.linkInvalid,
      });
    }
    const user = await findUserByEmail(db, token.email);
    const grants = user ? await grantsOf(db, user.id) : null;
    if (!user || !grants || !mayUsePanel(user, grants, now)) {
      await writeAudit(db, {
        category: 'auth',
        author: token.email,
        action: 'linked sign-in refused: no staff account',
        at: now,
        success: false,
      });
      return reply({ status: false, msg: SIGN_IN_TEXT.linkNoAccount });
    }
    // What this type trusts of the other (decision 067): never more keys than the source
    // session's, no recently changed email, the one remote account pinned to this one.
    const refuseLink = async (distrust: LinkDistrust) => {
      await writeAudit(db, {
        category: 'auth',
        author: user.username,
        at: now,
        success: false,
        action: `linked sign-in refused: ${distrust.reason.replace('_', ' ')}`,
        current: {
          mt_user_email: token.email,
          issuer: token.issuer,
          remote_user_id: token.userId,
          detail: distrust.detail,
        },
      });
      return reply({ status: false, msg: LINK_TRUST_TEXT[distrust.reason] });
    };
    const distrust = linkDistrust(
      token,
      {
        emailChangedAt: user.email_changed_at === null ? null : Number(user.email_changed_at),
        keys: [...grants.features, ...grants.otherFeatures],
      },
      now,
    );
    if (distrust) return refuseLink(distrust);
    const who = await attempterOf(db, user.username, addressKey(clientAddress(c)), now);
    const outcome = await signInTransaction(db, async (trx) => {
      if (!(await claimLinkToken(trx, token.jti, token.expiresAt))) return 'reused' as const;
      if (
        !(await pinLinkedIdentity(trx, { serverType: token.issuer, remoteUserId: token.userId, userId: user.id, now }))
      )
        return 'other_identity' as const;
      // A blocked account stays blocked here too (the token is then left unused); a completed
      // linked sign-in clears the count.
      await completeSignIn(trx, who, now);
      await writeAudit(trx, {
        category: 'auth',
        author: user.username,
        action: 'signed in through a linked account',
        at: now,
        success: true,
        current: { mt_user_email: token.email },
      });
      return rotateSession(trx, c.get('sessionCookie'), {
        userId: user.id,
        stage: 'authenticated',
        now,
        mtUserEmail: token.email,
        authTime: token.authTime,
      });
    });
    if (!outcome.ok) {
      await refuseBlocked(db, who, 'linked sign-in', now);
      return reply({ status: false, msg: LOGIN_BLOCKED });
    }
    const started = outcome.value;
    if (started === 'reused') {
      await writeAudit(db, {
        category: 'auth',
        author: user.username,
        action: 'linked sign-in refused: token reused',
        at: now,
        success: false,
      });
      return reply({ status: false, msg: SIGN_IN_TEXT.linkUsed });
    }
    if (started === 'other_identity')
      return refuseLink({
        reason: 'other_identity',
        detail: `another account of ${token.issuer} is linked to this one`,
      });
    await startBrowserSession(c, started.id);
    await deps.sweep(now);
    return reply({ status: true, mt_user_email: token.email });
  },
});

export const signInRoutes = [login, verifyOtp, activate, linkedLogin];
