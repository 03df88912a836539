// Sign-in throughput on SQLite through the whole app (routing, CSRF, validation, database):
// the password step at OWASP cost, and full password + code sign-ins with cheap hashing to show
// what the server adds beyond scrypt.
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { BenchClient, benchServer, percentile } from './setup';

async function passwordSteps(concurrency: number, total: number): Promise<string> {
  const server = await benchServer();
  try {
    const started = performance.now();
    let done = 0;
    let clients = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      // Each from an address of its own: the per-address limit is not what this measures.
      const client = new BenchClient(server.app, `198.51.100.${++clients}`);
      await client.post('/session_check/');
      while (done < total) {
        done++;
        const res = await client.post('/login_account_new/', { username: server.admin.username, password: server.admin.password });
        if (!((await res.json()) as { status: boolean }).status) throw new Error('password step failed');
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    return `password step at OWASP cost, ${concurrency} at a time: ${(total / seconds).toFixed(1)} req/s (${total} requests)`;
  } finally {
    await server.close();
  }
}

async function fullSignIns(total: number): Promise<string> {
  const server = await benchServer(TEST_SCRYPT_FOR_BENCH);
  try {
    const client = new BenchClient(server.app);
    await client.post('/session_check/');
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      server.clock.now += 30_000; // each sign-in needs a code step of its own
      await client.post('/login_account_new/', { username: server.admin.username, password: server.admin.password });
      const res = await client.post('/login_tfa_new/', { username: server.admin.username, otp: server.code() });
      if (!((await res.json()) as { status: boolean }).status) throw new Error('code step failed');
    }
    const seconds = (performance.now() - started) / 1000;
    return `full sign-in (password + code, scrypt N=2^${TEST_SCRYPT_FOR_BENCH.logN}): ${(total / seconds).toFixed(0)} sign-ins/s (${total} sequential)`;
  } finally {
    await server.close();
  }
}

/**
 * The admin's password step while one address floods the password step with wrong passwords for
 * the admin (decision 040): the flood is refused before hashing once over its limit, and its
 * failures count on the account's counter, not on that of the address the admin signed in from.
 * The admin's address has ten attempts a minute too (the clock stands still here): one sign-in,
 * three steps alone, `adminSteps` during the flood.
 */
async function adminDuringFlood(floodConcurrency: number, adminSteps: number): Promise<string> {
  const server = await benchServer();
  try {
    const admin = new BenchClient(server.app, '198.51.100.10');
    await admin.post('/session_check/');
    await admin.post('/login_account_new/', { username: server.admin.username, password: server.admin.password });
    const signedIn = await admin.post('/login_tfa_new/', { username: server.admin.username, otp: server.code() });
    if (!((await signedIn.json()) as { status: boolean }).status) throw new Error('admin sign-in failed');

    // The same step with nobody flooding, on this machine as loaded now: what the flood figure is measured against.
    const alone: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await admin.post('/login_account_new/', { username: server.admin.username, password: server.admin.password });
      alone.push(performance.now() - started);
      if (!((await res.json()) as { status: boolean }).status) throw new Error('admin password step failed');
    }
    alone.sort((a, b) => a - b);

    let flooding = true;
    const answers = new Map<number, number>();
    const flood = Promise.all(Array.from({ length: floodConcurrency }, async () => {
      const client = new BenchClient(server.app, '203.0.113.7');
      await client.post('/session_check/');
      while (flooding) {
        const res = await client.post('/login_account_new/', { username: server.admin.username, password: 'guess' });
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
        await res.arrayBuffer();
        // Each loop sends five a second (a timer also gives the event loop its turn, as network
        // requests would: over app.request() alone a flood runs on microtasks and starves the rest).
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }));
    const times: number[] = [];
    const inOrder: string[] = [];
    let busy = 0;
    try {
      for (let i = 0; i < adminSteps; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const started = performance.now();
        const res = await admin.post('/login_account_new/', { username: server.admin.username, password: server.admin.password });
        times.push(performance.now() - started);
        inOrder.push(`${(times.at(-1)! / 1000).toFixed(1)} s`);
        const body = (await res.json()) as { status: boolean; msg?: unknown };
        // 503: the flood's first ten attempts, allowed and hashing, held every slot past the wait cap.
        if (res.status === 503) busy++;
        else if (!body.status) throw new Error(`admin password step refused during the flood (${res.status} ${JSON.stringify(body.msg)})`);
      }
    } finally {
      flooding = false;
      await flood;
    }
    times.sort((a, b) => a - b);
    const total = [...answers.values()].reduce((a, b) => a + b, 0);
    return `admin password step while one address floods (${floodConcurrency * 5} attempts/s, ${total} sent, ${answers.get(429) ?? 0} answered 429): `
      + `in order ${inOrder.join(', ')}; `
      + `median ${percentile(times, 50).toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms over ${adminSteps} steps`
      + ` (without the flood: median ${percentile(alone, 50).toFixed(0)} ms)`
      + (busy ? ` (${busy} answered 503 while the flood's first attempts were hashing)` : '');
  } finally {
    await server.close();
  }
}

export async function benchSignIn(): Promise<string[]> {
  return [await passwordSteps(4, 24), await fullSignIns(300), await adminDuringFlood(4, 6)];
}
