// The console's long-lived actors for a view mounted without the router: a staff member signed in
// through the panel's own services (the bridge keeps the session cookie), then the banner and the
// session started as a page load of `path` starts them, once the session knows who is signed in.
import { waitFor } from 'xstate';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { createConsoleActors, type ConsoleActors } from '../../src/machines/live';
import { selectIsAuthenticated } from '../../src/machines/session/session.selectors';
import { loginAccount, verifyOtp } from '../../src/services/auth.service';
import type { Staff } from './login-world';
import type { TestServer } from './server';

export async function startSignedInConsole(
  server: TestServer,
  staff: Staff,
  path = '/user_list',
): Promise<ConsoleActors> {
  await loginAccount({ username: staff.username, password: staff.password });
  await verifyOtp({ username: staff.username, otp: server.totp(staff.totpSecret!) });
  const actors = createConsoleActors(DEFAULT_APP_CONFIG, { navigate: () => {}, load: () => {} }, path);
  actors.banner.start();
  actors.session.start();
  await waitFor(actors.session, selectIsAuthenticated);
  return actors;
}

export function stopConsole(actors: ConsoleActors): void {
  actors.session.stop();
  actors.banner.stop();
}
