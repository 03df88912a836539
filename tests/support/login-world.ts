// Accounts on a fresh in-process server for sign-in paths: one with two-step sign-in active,
// one signing in for the first time.
import { createTestServer, type TestServer } from './server';
import { connectToServer, type ServerBridge } from './server-bridge';

export type Staff = Awaited<ReturnType<TestServer['createStaff']>>;

export const SUPPORT_FEATURES = ['admin_panel_access', 'user_mgmt', 'create_user_tab'];

export interface SignInWorld {
  server: TestServer;
  bridge: ServerBridge;
  enrolled: Staff;
  fresh: Staff;
  /** The account the person typed last. */
  current: Staff | null;
}

export async function createSignInWorld(): Promise<SignInWorld> {
  const server = await createTestServer();
  const bridge = connectToServer(server);
  const enrolled = await server.createStaff({ username: 'enrolled', features: SUPPORT_FEATURES, activated: true });
  const fresh = await server.createStaff({ username: 'newcomer', features: SUPPORT_FEATURES, activated: false });
  return { server, bridge, enrolled, fresh, current: null };
}

/** A valid six-digit code that is not the current one. */
export function wrongCode(server: TestServer, secret: string): string {
  const right = server.totp(secret);
  return right === '000000' ? '111111' : '000000';
}
