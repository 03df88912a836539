// Sign-in flooding (decision 040): the per-address limit before any hashing, which address is
// believed behind a proxy, the hashing limiter's wait cap, and the known sources that keep an
// account's owner from being locked out by someone else's failures.
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_BLOCKED, MESSAGES, ThrottledReply, throttledMessage } from '../../src/domain/auth';
import { LOCKOUT_THRESHOLD } from '../../src/domain/constants';
import { createApp, type App } from '../../server/app';
import { hashPassword, verifyDummy, verifyPassword } from '../../server/auth/passwords';
import { ADDRESS_LIMIT, KNOWN_SOURCE_MS } from '../../server/auth/throttle';
import { loadConfig, parseTrustedProxies, type ServerConfig } from '../../server/config';
import { addressKey } from '../../server/http/client-address';
import { BUSY_MESSAGE, workLimiter, type WorkKind, type WorkLimiter } from '../../server/work-limiter';
import { TEST_SCRYPT, createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { advance, startFakeClock, stopFakeClock } from './support/clock';
import { PANEL, type Staff } from './support/sign-in';

let server: TestServer;
let app: App;
let hashing: WorkLimiter;
let staff: Staff;

async function start(config: Partial<ServerConfig> = {}, limits?: Parameters<typeof workLimiter>[0]): Promise<void> {
  server = await createTestServer({ config });
  hashing = workLimiter(limits);
  app = createApp({ db: server.db, config: server.config, hashing });
  staff = await server.createStaff({ username: 'lena', features: PANEL, activated: true });
}

beforeEach(() => startFakeClock());
afterEach(async () => {
  await server.close();
  stopFakeClock();
});

/** A browser connecting from `address`. */
async function from(address: string, origin = 'http://localhost'): Promise<Browser> {
  const b = new Browser({ app }, origin, address);
  await b.open();
  return b;
}

const attempt = (b: Browser, username: string, password: string, headers: Record<string, string> = {}) =>
  b.send('POST', '/login_account_new/', { form: { username, password }, headers });

const hashesRun = () => hashing.load().started;
const failuresOf = async (key: string) =>
  (await server.db
    .selectFrom('login_attempts')
    .select(['failures', 'locked_until'])
    .where('username', '=', key)
    .executeTakeFirst()) ?? null;

describe('the per-address limit', () => {
  beforeEach(() => start());

  it('answers the 11th attempt from one address within a minute 429 with Retry-After, and hashes nothing for it', async () => {
    const b = await from('203.0.113.7');
    for (let i = 0; i < ADDRESS_LIMIT.attempts; i++) {
      expect((await attempt(b, `ghost${i}`, 'guess')).status).toBe(200);
      if (i === 0) advance(18_000);
    }
    const before = hashesRun();
    expect(before).toBe(ADDRESS_LIMIT.attempts);
    const res = await attempt(b, 'lena', staff.password);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    const body = v.parse(ThrottledReply, await res.json());
    expect(body).toEqual({ status: false, msg: throttledMessage(42), retry_after: 42 });
    expect(body.msg).toBe('Too many sign-in attempts from this network. Try again in 42 seconds.');
    expect(hashesRun()).toBe(before);
    // Refused before the account's counter was touched: nothing counted against it.
    expect(await failuresOf('lena')).toBeNull();

    advance(41_000);
    expect((await attempt(b, 'lena', staff.password)).status).toBe(429);
    advance(1_000);
    const again = await attempt(b, 'lena', staff.password);
    expect(again.status).toBe(200);
    expect((await again.json())['status']).toBe(true);
  });

  it('still lets another address sign in while one is over its limit', async () => {
    const flood = await from('203.0.113.7');
    for (let i = 0; i < 30; i++) await attempt(flood, `name${i}`, 'guess');
    expect((await attempt(flood, 'lena', staff.password)).status).toBe(429);
    const other = await from('198.51.100.20');
    const res = await attempt(other, 'lena', staff.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true });
  });

  it('does not count attempts over the limit against the account, and counts unknown names against the address', async () => {
    const b = await from('203.0.113.7');
    for (let i = 0; i < ADDRESS_LIMIT.attempts; i++) await attempt(b, `nobody${i}`, 'guess');
    const hashes = hashesRun();
    for (let i = 0; i < 3 * LOCKOUT_THRESHOLD; i++) expect((await attempt(b, 'lena', `wrong ${i}`)).status).toBe(429);
    expect(hashesRun()).toBe(hashes);
    expect(await failuresOf('lena')).toBeNull();
    const owner = await from('198.51.100.20');
    expect(await (await attempt(owner, 'lena', staff.password)).json()).toMatchObject({ status: true });
  });

  it('audits the first refusal of a window once, with the address, not every refused attempt', async () => {
    const b = await from('203.0.113.7');
    for (let i = 0; i < ADDRESS_LIMIT.attempts + 5; i++) await attempt(b, 'lena', `wrong ${i}`);
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['author', 'current_data'])
      .where('action', '=', 'password step refused: too many attempts from this address')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.author).toBe('lena');
    expect(JSON.parse(rows[0]!.current_data!)).toEqual({ address: '203.0.113.7' });
  });

  it('counts an IPv6 client by its /64, so it cannot spread attempts over its own addresses', async () => {
    for (let i = 0; i < ADDRESS_LIMIT.attempts; i++)
      await attempt(await from(`2001:db8:1:2::${(i + 1).toString(16)}`), 'lena', 'wrong');
    expect((await attempt(await from('2001:db8:1:2:ffff::1'), 'lena', staff.password)).status).toBe(429);
    expect((await attempt(await from('2001:db8:1:3::1'), 'nobody', 'guess')).status).toBe(200);
  });
});

describe('the client address behind a proxy', () => {
  it('believes X-Forwarded-For only from a peer listed in TRUSTED_PROXIES', async () => {
    await start({ trustedProxies: ['10.9.0.0/16'] });
    const proxy = await from('10.9.0.1');
    // A client may send any X-Forwarded-For; the proxy appends the address it saw, rightmost.
    for (let i = 0; i < ADDRESS_LIMIT.attempts; i++) {
      expect(
        (await attempt(proxy, 'nobody', 'guess', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` })).status,
      ).toBe(200);
    }
    expect((await attempt(proxy, 'lena', staff.password, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    // Others behind the same proxy keep their own count.
    expect((await attempt(proxy, 'lena', staff.password, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);

    // From a peer that is not listed, the header is ignored: the peer itself is counted.
    const direct = await from('192.0.2.50');
    for (let i = 0; i < ADDRESS_LIMIT.attempts; i++)
      await attempt(direct, 'nobody', 'guess', { 'x-forwarded-for': `198.51.100.${i}` });
    expect((await attempt(direct, 'lena', staff.password, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
    const counted = await server.db.selectFrom('sign_in_throttle').select('address').orderBy('address').execute();
    expect(counted.map((r) => r.address)).toEqual(['192.0.2.50', '203.0.113.7', '203.0.113.8']);
  });

  it('walks past every trusted proxy in a chain, and ignores X-Forwarded-For without TRUSTED_PROXIES', async () => {
    await start({ trustedProxies: ['10.9.0.1', '10.8.0.0/24'] });
    const proxy = await from('10.9.0.1');
    await attempt(proxy, 'nobody', 'guess', { 'x-forwarded-for': '203.0.113.7, 10.8.0.5' });
    expect((await server.db.selectFrom('sign_in_throttle').select('address').execute()).map((r) => r.address)).toEqual([
      '203.0.113.7',
    ]);
    await server.close();
    await start();
    const peer = await from('10.9.0.1');
    await attempt(peer, 'nobody', 'guess', { 'x-forwarded-for': '203.0.113.7' });
    expect((await server.db.selectFrom('sign_in_throttle').select('address').execute()).map((r) => r.address)).toEqual([
      '10.9.0.1',
    ]);
  });

  it('checks TRUSTED_PROXIES entries at start', () => {
    expect(parseTrustedProxies(' 10.0.0.5, 10.1.0.0/16 ,fd00::/8')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', 'fd00::/129']) {
      expect(() => parseTrustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
    }
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({}).trustedProxies).toBeUndefined();
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy' })).toThrow(
      "TRUSTED_PROXIES: 'proxy' must be an IP address or a CIDR range",
    );
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('the hashing wait cap', () => {
  it('answers 503 once the wait for a hashing slot runs out, instead of queueing for ever, and counts nothing', async () => {
    await start({}, { running: 1, queued: 8, maxWaitMs: 50 });
    let release!: () => void;
    const held = hashing.run(() => new Promise<void>((resolve) => (release = resolve)));
    const b = await from('203.0.113.7');
    // The slot is held until after the answer: a 503 at all shows the wait ended.
    const res = await attempt(b, 'lena', staff.password);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: false, msg: BUSY_MESSAGE });
    expect(hashing.load()).toMatchObject({ running: 1, queued: 0 });
    expect(await failuresOf('lena')).toEqual({ failures: 0, locked_until: null });
    release();
    await held;
    expect(await (await attempt(b, 'lena', staff.password)).json()).toMatchObject({ status: true });
  });
});

describe('a flood from many addresses', () => {
  /** Waits for the requests under way to reach the limiter; asserts nothing about how long it took. */
  async function queued(n: number): Promise<void> {
    for (let i = 0; i < 2_000 && hashing.load().queued < n; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(hashing.load().queued).toBe(n);
  }

  it("takes a known source's hash before unknown ones waiting, and refuses an unknown one over the budget at once, writing nothing", async () => {
    // Two slots, one of them for unknown sources, which may have one attempt waiting; a wait cap
    // nobody reaches here, so whatever is refused was refused without waiting.
    await start({}, { running: 2, queued: 8, budgetRunning: 1, budgetQueued: 1, maxWaitMs: 3_600_000 });
    const inner = hashing;
    const taken: WorkKind[] = [];
    hashing = { ...inner, run: (work, kind = 'first') => inner.run(() => (taken.push(kind), work()), kind) };
    app = createApp({ db: server.db, config: server.config, hashing });
    // lena completes a sign-in from 198.51.100.20, which makes that address known to her.
    const owner = await from('198.51.100.20');
    expect(await (await attempt(owner, 'lena', staff.password)).json()).toMatchObject({ status: true });
    expect(await owner.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!) })).toEqual({
      status: true,
    });
    advance(30_000);
    taken.length = 0;

    // Other work holds both slots; an unknown source's attempt waits, then the owner's.
    const releases: (() => void)[] = [];
    const held = Promise.all(
      [0, 1].map(() => hashing.run(() => new Promise<void>((resolve) => releases.push(resolve)))),
    );
    const unknown = attempt(await from('203.0.113.1'), 'lena', 'guess');
    await queued(1);
    const known = attempt(await from('198.51.100.20'), 'lena', staff.password);
    await queued(2);

    // A second unknown source finds the budget's place in the queue taken: 503 now, nothing
    // counted on its address or on the name, nothing hashed.
    const over = await attempt(await from('203.0.113.2'), 'nobody', 'guess');
    expect(over.status).toBe(503);
    expect(over.headers.get('retry-after')).toBe('1');
    expect(await over.json()).toEqual({ status: false, msg: BUSY_MESSAGE });
    expect(hashing.load()).toMatchObject({ running: 2, queued: 2 });
    expect(await failuresOf('nobody')).toBeNull();
    expect(
      await server.db.selectFrom('sign_in_throttle').select('address').where('address', '=', '203.0.113.2').execute(),
    ).toEqual([]);

    // One slot comes free: the owner, who came second, is hashed first; the unknown source after.
    releases[0]!();
    expect(await (await known).json()).toMatchObject({ status: true });
    expect(await (await unknown).json()).toMatchObject({ status: false, msg: MESSAGES.badCredentials });
    expect(taken).toEqual(['first', 'first', 'first', 'budget']);
    for (const r of releases) r();
    await held;
  });

  it('hashes an unknown source in a thread of its own, with the same answers', async () => {
    const hash = await hashPassword('correct horse 7', TEST_SCRYPT, 'low');
    expect(await verifyPassword('correct horse 7', hash, 'low')).toBe(true);
    expect(await verifyPassword('correct horse 8', hash, 'low')).toBe(false);
    expect(await verifyPassword('correct horse 7', hash)).toBe(true);
    expect(await verifyDummy('correct horse 7', TEST_SCRYPT, 'low')).toBe(false);
    // A few at once, as the limiter lets them run.
    expect(await Promise.all(['a', 'b', 'correct horse 7'].map((p) => verifyPassword(p, hash, 'low')))).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('known sources', () => {
  beforeEach(() => start());

  /** A full sign-in from `address`: that address becomes known to the account. */
  async function signInFrom(address: string): Promise<Browser> {
    const b = await from(address);
    expect(await (await attempt(b, 'lena', staff.password)).json()).toMatchObject({ status: true });
    expect(await b.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!) })).toEqual({
      status: true,
    });
    return b;
  }

  it('lets the owner sign in from where they did before while failures from elsewhere have locked the account', async () => {
    await signInFrom('198.51.100.20');
    advance(30_000);
    const attacker = await from('203.0.113.7');
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await attempt(attacker, 'lena', `wrong ${i}`);
    expect(await (await attempt(attacker, 'lena', staff.password)).json()).toMatchObject({
      status: false,
      msg: LOGIN_BLOCKED,
    });
    // Another address the account has never signed in from is blocked too.
    expect(await (await attempt(await from('192.0.2.9'), 'lena', staff.password)).json()).toMatchObject({
      msg: LOGIN_BLOCKED,
    });

    const owner = await from('198.51.100.20');
    expect(await (await attempt(owner, 'lena', staff.password)).json()).toMatchObject({ status: true });
    expect(await owner.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!) })).toEqual({
      status: true,
    });
    // The lock on everyone else stands.
    expect((await failuresOf('lena'))?.locked_until).not.toBeNull();
  });

  it('still locks a known source after five failures from it, on its own counter', async () => {
    await signInFrom('198.51.100.20');
    advance(30_000);
    const known = await from('198.51.100.20');
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++)
      expect((await (await attempt(known, 'lena', `wrong ${i}`)).json())['msg']).toBe(MESSAGES.badCredentials);
    expect(await (await attempt(known, 'lena', 'wrong again')).json()).toMatchObject({ msg: LOGIN_BLOCKED });
    expect(await (await attempt(known, 'lena', staff.password)).json()).toMatchObject({ msg: LOGIN_BLOCKED });
    // Elsewhere the account's own count is untouched.
    expect(await failuresOf('lena')).toBeNull();
    expect(await (await attempt(await from('192.0.2.9'), 'lena', staff.password)).json()).toMatchObject({
      status: true,
    });
  });

  it('forgets a source 90 days after its last sign-in', async () => {
    await signInFrom('198.51.100.20');
    advance(KNOWN_SOURCE_MS);
    const attacker = await from('203.0.113.7');
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await attempt(attacker, 'lena', `wrong ${i}`);
    expect(await (await attempt(await from('198.51.100.20'), 'lena', staff.password)).json()).toMatchObject({
      msg: LOGIN_BLOCKED,
    });
  });
});
