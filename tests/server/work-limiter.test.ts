import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { BUSY_MESSAGE, HASHING_LIMITS, ServerBusy, workLimiter, type WorkKind } from '../../server/work-limiter';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { PANEL } from './support/sign-in';

/** Work that finishes when the test says so. */
function deferred<T = string>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the work limiter', () => {
  it('runs a few at a time, queues a bounded number in order, and refuses the rest at once', async () => {
    const limiter = workLimiter({ running: 2, queued: 2 });
    const works = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const results = works.map((w, i) => limiter.run(() => (started.push(i), w.promise)));
    await expect(results[4]).rejects.toBeInstanceOf(ServerBusy);
    await expect(results[4]).rejects.toThrow(BUSY_MESSAGE);
    await settle();
    expect(started).toEqual([0, 1]);
    expect(limiter.load()).toEqual({ running: 2, queued: 2, started: 2 });

    works[1]!.resolve('one');
    expect(await results[1]).toBe('one');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A failed piece of work frees its slot too.
    works[0]!.reject(new Error('boom'));
    await expect(results[0]).rejects.toThrow('boom');
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(limiter.load()).toEqual({ running: 2, queued: 0, started: 4 });

    works[2]!.resolve('two');
    works[3]!.resolve('three');
    expect(await Promise.all([results[2], results[3]])).toEqual(['two', 'three']);
    expect(limiter.load()).toEqual({ running: 0, queued: 0, started: 4 });
    expect(await limiter.run(async () => 'again')).toBe('again');
  });

  it('defaults to four at a time, the size of the thread pool scrypt runs on', () => {
    expect(HASHING_LIMITS.running).toBe(4);
    expect(HASHING_LIMITS.queued).toBeGreaterThan(0);
    // Unknown sources' attempts never hold every slot (decision 040).
    expect(HASHING_LIMITS.budgetRunning).toBeLessThan(HASHING_LIMITS.running);
  });

  it('keeps a slot for first work, serves it before waiting budget work, and refuses budget work over its queue at once', async () => {
    // A wait cap nobody reaches here: whatever is refused is refused without waiting.
    const limiter = workLimiter({ running: 3, queued: 4, budgetRunning: 2, budgetQueued: 1, maxWaitMs: 3_600_000 });
    const started: string[] = [];
    const finish = new Map<string, (value: string) => void>();
    const run = (name: string, kind: WorkKind) => {
      const work = deferred();
      finish.set(name, work.resolve);
      return limiter.run(() => (started.push(name), work.promise), kind);
    };
    const results = [run('unknown 1', 'budget'), run('unknown 2', 'budget'), run('unknown 3', 'budget')];
    await settle();
    // Two unknown attempts hold the budget's two slots; the third waits though a slot is free.
    expect(started).toEqual(['unknown 1', 'unknown 2']);
    expect(limiter.load()).toEqual({ running: 2, queued: 1, started: 2 });
    expect(limiter.admits('budget')).toBe(false);
    expect(limiter.admits('first')).toBe(true);

    // A known source takes the kept slot at once.
    results.push(run('known 1', 'first'));
    await settle();
    expect(started).toEqual(['unknown 1', 'unknown 2', 'known 1']);

    // A fourth unknown attempt finds the budget's queue full: refused now, not after the wait cap.
    let refused: unknown = null;
    void run('unknown 4', 'budget').catch((err: unknown) => (refused = err));
    await settle();
    expect(refused).toBeInstanceOf(ServerBusy);

    // A second known source waits, behind the waiting unknown one, yet gets the next free slot.
    results.push(run('known 2', 'first'));
    await settle();
    expect(limiter.load()).toEqual({ running: 3, queued: 2, started: 3 });
    finish.get('unknown 1')!('done');
    await settle();
    expect(started).toEqual(['unknown 1', 'unknown 2', 'known 1', 'known 2']);
    // The next free slot is the budget's own again: the waiting unknown attempt goes.
    finish.get('known 1')!('done');
    await settle();
    expect(started).toEqual(['unknown 1', 'unknown 2', 'known 1', 'known 2', 'unknown 3']);
    expect(limiter.load()).toEqual({ running: 3, queued: 0, started: 5 });

    for (const done of finish.values()) done('done');
    await Promise.all(results);
    expect(limiter.load()).toEqual({ running: 0, queued: 0, started: 5 });
  });
});

describe('sign-in when password checks are saturated', () => {
  let server: TestServer;
  let app: App;
  const hold = deferred<boolean>();
  const hashing = workLimiter({ running: 1, queued: 1 });
  beforeEach(async () => {
    server = await createTestServer();
    app = createApp({ db: server.db, config: server.config, hashing });
  });
  afterEach(async () => {
    await server.close();
  });

  it('answers 503 with a clear message, never 500, and does not count the attempt', async () => {
    const staff = await server.createStaff({ username: 'ola', features: PANEL, activated: true });
    // Something else holds the only slot and the only place in the queue.
    const busy = [hashing.run(() => hold.promise), hashing.run(() => hold.promise)];
    const b = new Browser({ app });
    await b.open();
    for (const username of ['ola', 'nobody']) {
      const res = await b.post('/login_account_new/', { username, password: staff.password });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ status: false, msg: BUSY_MESSAGE });
    }
    // Neither source is known to an account, and the queue is full: refused before anything was
    // written (decision 040), so nothing counts on the account or on the address.
    expect(await server.db.selectFrom('login_attempts').select('username').execute()).toEqual([]);
    expect(await server.db.selectFrom('sign_in_throttle').select('address').execute()).toEqual([]);

    hold.resolve(true);
    await Promise.all(busy);
    expect((await b.postJson('/login_account_new/', { username: 'ola', password: staff.password }))['status']).toBe(
      true,
    );
  });
});
