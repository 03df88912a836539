// Sign-in throughput on SQLite through the whole app (routing, CSRF, validation, database):
// the password step at OWASP cost, and full password + code sign-ins with cheap hashing to show
// what the server adds beyond scrypt.
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { BenchClient, benchServer } from './setup';

async function passwordSteps(concurrency: number, total: number): Promise<string> {
  const server = await benchServer();
  try {
    const started = performance.now();
    let done = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      const client = new BenchClient(server.app);
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

export async function benchSignIn(): Promise<string[]> {
  return [await passwordSteps(4, 24), await fullSignIns(300)];
}
