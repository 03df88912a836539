import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { BUSY_MESSAGE, HASHING_LIMITS, ServerBusy, workLimiter } from '../../server/work-limiter';
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
    expect(await server.db.selectFrom('login_attempts').select(['username', 'failures']).orderBy('username').execute())
      .toEqual([{ username: 'nobody', failures: 0 }, { username: 'ola', failures: 0 }]);

    hold.resolve(true);
    await Promise.all(busy);
    expect((await b.postJson('/login_account_new/', { username: 'ola', password: staff.password }))['status']).toBe(true);
  });
});
