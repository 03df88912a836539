// The usual frames of an API test: a fresh server for each test, on a fake Date set at MORNING
// before the server exists (so every row it writes is on the test's clock); or one server for a
// whole file, for tests that only read it or make staff of their own.
import { afterAll, beforeAll } from 'vitest';
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

/** One server for the file's tests: started before the first, closed after the last. */
export function serverForFile(): { readonly server: TestServer } {
  const frame = {} as { server: TestServer };
  beforeAll(async () => {
    frame.server = await createTestServer();
  });
  afterAll(async () => {
    await frame.server.close();
  });
  return frame;
}
