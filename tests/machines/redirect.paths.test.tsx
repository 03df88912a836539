// /redirect's machine on the real view: a person signed in on the 'app' server type follows
// the link into 'testing'; both servers run in-process and share the link signing key.
import { Theme } from '@radix-ui/themes';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { liveRedirectMachine } from '../../src/machines/live';
import { REDIRECT_MESSAGES, redirectMachine } from '../../src/sections/redirect/redirect.machine';
import { RedirectCtx } from '../../src/sections/redirect/redirect-context';
import { RedirectView } from '../../src/sections/redirect/redirect-view';
import { apiClient } from '../support/api-client';
import { planPaths, type PlannedPath } from '../../src/workflows/paths';
import { SUPPORT_FEATURES, type Staff } from '../support/login-world';
import { replayPath } from '../support/replay';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { redirectPlan, redirectWithoutTokenPlan } from '../../src/sections/redirect/redirect.plan';

interface World {
  app: TestServer;
  testing: TestServer;
  bridge: ServerBridge;
  staff: Staff;
  token: string | null;
  announced: unknown[];
}
let world: World;
let actor: AnyActorRef | undefined;
function Probe() {
  actor = RedirectCtx.useActorRef();
  return null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const app = await createTestServer();
  const testing = await createTestServer({ config: { serverType: 'testing' } });
  const staff = await app.createStaff({
    username: 'linked',
    features: SUPPORT_FEATURES,
    allowedSt: ['app', 'testing'],
    activated: true,
  });
  await testing.createStaff({
    username: 'linked',
    features: SUPPORT_FEATURES,
    allowedSt: ['app', 'testing'],
    activated: true,
  });
  world = { app, testing, bridge: connectToServer(testing), staff, token: null, announced: [] };
});
afterEach(async () => {
  world.bridge.disconnect();
  await world.app.close();
  await world.testing.close();
});

const paths: [string, PlannedPath, boolean][] = [
  ...planPaths(redirectPlan).map((p) => [p.name, p, true] as [string, PlannedPath, boolean]),
  ...planPaths(redirectWithoutTokenPlan).map(
    (p) => [`no token: ${p.name || 'rests'}`, p, false] as [string, PlannedPath, boolean],
  ),
];

describe('redirect machine paths (two server types in-process)', () => {
  it.each(paths)('%s', async (_n, path, withToken) => {
    await replayPath(path, {
      machine: redirectMachine,
      bridge: world.bridge,
      world,
      actor: () => actor!,
      arrange: {
        linked: async () => {
          const other = apiClient(world.app);
          await other.signIn(world.staff);
          world.token = await other.linkToken();
        },
        // The link was followed once already: tokens are single-use.
        refused: async () => {
          const other = apiClient(world.app);
          await other.signIn(world.staff);
          world.token = await other.linkToken();
          const elsewhere = apiClient(world.testing);
          await elsewhere.send('/session_check/', 'GET'); // the page load that sets the CSRF cookie
          const first = await elsewhere.send('/login_with_mt_account/', 'POST', { token: world.token });
          expect(first.json).toMatchObject({ status: true });
        },
        callFailed: async () => {
          world.token = 'anything';
          world.bridge.setOffline(true);
        },
      },
      mount: async () => {
        const logic = liveRedirectMachine(() => ({ send: (e) => world.announced.push(e) }));
        const token = withToken ? (world.token ?? 'not-a-token') : null;
        render(
          <Theme>
            <RedirectCtx.Provider logic={logic} options={{ input: { token } }}>
              <Probe />
              <RedirectView loginHref="/login" />
            </RedirectCtx.Provider>
          </Theme>,
        );
      },
      afterOutcome: { callFailed: async () => world.bridge.setOffline(false) },
      perform: {},
      expectations: {
        signingIn: (s) => {
          expect(s.getByRole('status')).toHaveTextContent('Signing you in through your linked account');
        },
        signedIn: (s) => {
          expect(s.getByRole('status')).toHaveTextContent('Signed in');
          expect(world.announced).toEqual([{ type: 'session.signedIn', linkedEmail: world.staff.email }]);
        },
        failed: (s, { step }) => {
          const alert = s.getByRole('alert');
          if (!step) expect(alert).toHaveTextContent(REDIRECT_MESSAGES.missingToken);
          else if (step.outcome === 'callFailed') expect(alert).toHaveTextContent('Error: no response from the server');
          else expect(alert).toHaveTextContent(/used|expired|invalid/i);
          expect(s.getByRole('link', { name: /sign in with your username/i })).toHaveAttribute('href', '/login');
          // The session machine is told, so /redirect is its to leave when a session exists.
          expect(world.announced).toEqual([{ type: 'session.linkFailed' }]);
        },
      },
    });
  });
});
