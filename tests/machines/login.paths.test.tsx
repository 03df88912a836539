// Generated paths of the login machine, replayed on /login's real view against the real server.
import { Theme } from '@radix-ui/themes';
import { render, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { MESSAGES } from '../../src/domain/auth';
import { liveLoginMachine } from '../../src/machines/live';
import { loginMachine } from '../../src/sections/login/login.machine';
import { activateTfa, loginAccount, verifyOtp } from '../../src/services/auth.service';
import { LoginCtx } from '../../src/sections/login/login-context';
import { LoginView } from '../../src/sections/login/login-view';
import { planPaths, type PlannedStep } from '../../src/workflows/paths';
import { createSignInWorld, wrongCode, type SignInWorld, type Staff } from '../support/login-world';
import { replayPath, type Driver } from '../support/replay';
import { loginPlan } from '../../src/sections/login/login.plan';

interface World extends SignInWorld {
  user: UserEvent;
  loads: (string | undefined)[];
  announced: unknown[];
}

const NO_ANSWER = 'Error: no response from the server';

/** The error a person must read after each outcome (spec §8), or after a form they left empty. */
const ERROR_AFTER: Record<string, string | null> = {
  badCredentials: MESSAGES.badCredentials,
  blocked: MESSAGES.blocked,
  passwordCallFailed: NO_ANSWER,
  badOtp: MESSAGES.badOtp,
  otpBlocked: MESSAGES.blocked,
  otpCallFailed: NO_ANSWER,
  badActivationCode: MESSAGES.badOtp,
  activationBlocked: MESSAGES.blocked,
  activationCallFailed: NO_ANSWER,
};

function expectedError(step: PlannedStep | undefined): string | null {
  if (!step) return null;
  if (step.outcome) return ERROR_AFTER[step.outcome] ?? null;
  if (step.event.type === 'credentials.submit' && step.event['username'] === '') return 'Enter your username.';
  if (step.event.type === 'otp.submit' && step.event['otp'] === '12') return 'Enter the 6-digit code.';
  return null;
}

const paths = planPaths(loginPlan);
let world: World;
let actor: AnyActorRef | undefined;

function Probe() {
  actor = LoginCtx.useActorRef();
  return null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const base = await createSignInWorld();
  world = { ...base, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }), loads: [], announced: [] };
  const logic = liveLoginMachine({ navigate: () => {}, load: (to) => world.loads.push(to) }, () => ({
    send: (event) => world.announced.push(event),
  }));
  render(
    <Theme>
      <LoginCtx.Provider logic={logic}>
        <Probe />
        <LoginView />
      </LoginCtx.Provider>
    </Theme>,
  );
});

afterEach(async () => {
  world.bridge.disconnect();
  await world.server.close();
  actor = undefined;
});

/** The key under its visible 'Setup key' label (the group the label names). */
const setupKey = (s: typeof import('@testing-library/react').screen) =>
  within(s.getByRole('group', { name: 'Setup key' })).getByRole('code');
const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const accountFor = (outcome: string | undefined): Staff => (outcome === 'firstLogin' ? world.fresh : world.enrolled);
const otpFor = (screen: typeof import('@testing-library/react').screen, outcome: string | undefined): string => {
  const account = world.current!;
  const secret = account.totpSecret ?? setupKey(screen).textContent!.replace(/\s/g, '');
  return outcome === 'otpAccepted' || outcome === 'activationAccepted'
    ? world.server.totp(secret)
    : wrongCode(world.server, secret);
};

function driver(): Driver<World> {
  return {
    machine: loginMachine,
    bridge: world.bridge,
    world,
    actor: () => actor!,
    perform: {
      'credentials.submit': async ({ step, next }) => {
        const { user } = world;
        await user.clear(field('username'));
        await user.clear(field('password'));
        if (step.event['username'] === '') {
          await user.type(field('password'), '{Enter}');
          return;
        }
        const account = accountFor(next?.outcome);
        world.current = account;
        await user.type(field('username'), account.username);
        const password = next?.outcome === 'badCredentials' ? `${account.password}x` : account.password;
        await user.type(field('password'), `${password}{Enter}`);
      },
      'otp.submit': async ({ step, next }) => {
        const { user } = world;
        const box = field('otp');
        expect(box).toHaveFocus(); // keyboard-only: focus is already in the OTP box
        await user.clear(box);
        const code =
          step.event['otp'] === '12' ? '12' : otpFor((await import('@testing-library/react')).screen, next?.outcome);
        await user.type(box, `${code}{Enter}`);
      },
      'login.restart': async () => {
        await world.user.click(
          (await import('@testing-library/react')).screen.getByRole('button', { name: 'Start over' }),
        );
      },
    },
    arrange: {
      // Five wrong passwords block the account (spec §9 lockout) before the person tries.
      blocked: async () => {
        for (let i = 0; i < 5; i++)
          await loginAccount({ username: world.enrolled.username, password: 'wrong-password' });
      },
      otpBlocked: async () => {
        for (let i = 0; i < 4; i++)
          await verifyOtp({
            username: world.enrolled.username,
            otp: wrongCode(world.server, world.enrolled.totpSecret!),
          });
      },
      activationBlocked: async ({ actor: a }) => {
        const ticket = a.getSnapshot().context.ticket;
        const secret = ticket.key as string;
        for (let i = 0; i < 4; i++) {
          await activateTfa({
            username: world.fresh.username,
            otp: wrongCode(world.server, secret),
            hx: ticket.hx,
            ck: ticket.ck,
          });
        }
      },
      // This network (the page's address) has used up its ten password attempts of the minute.
      throttled: async () => {
        for (let i = 0; i < 10; i++) await loginAccount({ username: `someone${i}`, password: 'guess' });
      },
      // The server cannot be reached.
      passwordCallFailed: async () => world.bridge.setOffline(true),
      otpCallFailed: async () => world.bridge.setOffline(true),
      activationCallFailed: async () => world.bridge.setOffline(true),
    },
    afterOutcome: {
      passwordCallFailed: async () => world.bridge.setOffline(false),
      otpCallFailed: async () => world.bridge.setOffline(false),
      activationCallFailed: async () => world.bridge.setOffline(false),
    },
    expectations: {
      credentials: (s, { step }) => {
        expect(s.getByRole('textbox', { name: 'Username' })).toBeEnabled();
        expect(s.getByLabelText('Password')).toBeEnabled();
        // After a throttled wait too: the person may try again.
        expect(s.getByRole('button', { name: /continue/i })).toBeEnabled();
        expect(s.queryByRole('heading', { name: 'Enter OTP' })).toBeNull();
        const error = expectedError(step);
        if (error) expect(s.getByRole('alert')).toHaveTextContent(error);
        else expect(s.queryByRole('alert')).toBeNull();
      },
      throttled: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(
          /^Too many sign-in attempts from this network\. Try again in \d+ seconds\.$/,
        );
        expect(s.getByRole('button', { name: /continue/i })).toBeDisabled();
        expect(s.getByRole('textbox', { name: 'Username' })).toBeEnabled();
        expect(s.queryByRole('heading', { name: 'Enter OTP' })).toBeNull();
      },
      verifyingPassword: (s) => {
        expect(s.getByRole('button', { name: /continue/i })).toBeDisabled();
        expect(s.queryByRole('heading', { name: 'Enter OTP' })).toBeNull();
      },
      otp: (s, { step }) => {
        expect(s.getByRole('textbox', { name: 'Username' })).toBeDisabled();
        expect(s.getByLabelText('Password')).toBeDisabled();
        expect(s.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
        expect(s.getByRole('textbox', { name: 'One-time code' })).toHaveFocus();
        expect(s.getByRole('button', { name: 'Login' })).toBeEnabled();
        expect(s.queryByRole('img', { name: /qr code/i })).toBeNull();
        const error = expectedError(step);
        if (error) expect(s.getByRole('alert')).toHaveTextContent(error);
        else expect(s.queryByRole('alert')).toBeNull();
      },
      verifyingOtp: (s) => {
        expect(s.getByRole('button', { name: /login/i })).toBeDisabled();
      },
      activation: (s, { step }) => {
        expect(s.getByRole('textbox', { name: 'Username' })).toBeDisabled();
        expect(s.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
        expect(s.getByRole('img', { name: /qr code/i })).toHaveAttribute(
          'src',
          expect.stringMatching(/^data:image\/png;base64,/),
        );
        expect(setupKey(s).textContent).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
        expect(s.getByRole('button', { name: 'Activate' })).toBeEnabled();
        const error = expectedError(step);
        if (error) expect(s.getByRole('alert')).toHaveTextContent(error);
        else expect(s.queryByRole('alert')).toBeNull();
      },
      activating: (s) => {
        expect(s.getByRole('button', { name: /activate/i })).toBeDisabled();
      },
      activated: (s) => {
        expect(s.getByRole('status')).toHaveTextContent('Two-step sign-in is active');
        expect(world.loads).toEqual(['/login?activated']);
      },
      signedIn: (s) => {
        expect(s.getByRole('status')).toHaveTextContent('Signed in');
        expect(world.announced).toEqual([{ type: 'session.signedIn' }]);
      },
    },
  };
}

describe('login machine paths (real view, real server)', () => {
  it('generates a path for every transition', () => {
    expect(paths.length).toBeGreaterThan(10);
  });
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, driver());
  });
});
