// The usual frame of an API test: a fresh server for each test, on a fake Date set at MORNING
// before the server exists (so every row it writes is on the test's clock).
import { createTestServer, type TestServer } from '../../support/server';
import { startFakeClock, stopFakeClock } from './clock';

export async function startServerAtMorning(): Promise<TestServer> {
  startFakeClock();
  return createTestServer();
}

export async function stopServerAtMorning(server: TestServer): Promise<void> {
  await server.close();
  stopFakeClock();
}
