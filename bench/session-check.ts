// session_check/ latency (it runs on every page load and hourly), in-process and over HTTP.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { BenchClient, benchServer, percentile } from './setup';

export async function benchSessionCheck(requests = 3000): Promise<string[]> {
  const server = await benchServer(TEST_SCRYPT_FOR_BENCH);
  try {
    const client = new BenchClient(server.app);
    await client.post('/session_check/');
    await client.post('/login_account_new/', { username: server.admin.username, password: server.admin.password });
    await client.post('/login_tfa_new/', { username: server.admin.username, otp: server.code() });

    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      const res = await client.post('/session_check/');
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const lines = [
      `session_check/ in-process: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (${requests} sequential)`,
    ];

    // The same over a real socket, 16 requests in flight.
    const http = serve({ fetch: server.app.fetch, port: 0 });
    await new Promise((resolve) => http.once('listening', resolve));
    const port = (http.address() as AddressInfo).port;
    const headers = client.headers();
    const httpTimes: number[] = [];
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < requests) {
          sent++;
          const t = performance.now();
          const res = await fetch(`http://127.0.0.1:${port}/session_check/`, { method: 'POST', headers });
          await res.arrayBuffer();
          httpTimes.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => http.close(resolve));
    httpTimes.sort((a, b) => a - b);
    lines.push(
      `session_check/ over HTTP, 16 in flight: ${(requests / seconds).toFixed(0)} req/s, p50 ${percentile(httpTimes, 50).toFixed(2)} ms, p99 ${percentile(httpTimes, 99).toFixed(2)} ms`,
    );
    return lines;
  } finally {
    await server.close();
  }
}
