// Sign-in (spec §2, §4, §8): username and password, then the one-time code. On first login the
// code activates two-step sign-in and the page reloads for a fresh sign-in, which opens with a
// note saying so; otherwise it completes the sign-in and the session machine takes over. When the
// network sent too many attempts (HTTP 429) the form waits as long as the server asked.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { LOGIN_BLOCKED, LoginForm, MESSAGES, OtpForm, throttledMessage, type ActivateForm } from '../../domain/auth';
import { failureMessage } from '../../machines/shared/failure';
import type { LoginContext, LoginEvent, LoginInput, OtpOutcome, PasswordOutcome } from './login.types';

const firstIssue = (issues: readonly v.BaseIssue<unknown>[]) => issues[0]?.message ?? 'Check the form.';

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput | undefined,
  },
  actors: {
    verifyPassword: fromPromise<PasswordOutcome, LoginForm>(() => Promise.reject(new Error('provide verifyPassword'))),
    verifyOtp: fromPromise<OtpOutcome, OtpForm>(() => Promise.reject(new Error('provide verifyOtp'))),
    activateTfa: fromPromise<OtpOutcome, ActivateForm>(() => Promise.reject(new Error('provide activateTfa'))),
  },
  actions: {
    /** Hands over to the session machine (live: it checks the session and opens the root). */
    announceSignIn: () => {},
    /** Spec §4: after activation the page reloads to /login for a fresh sign-in. */
    reloadToLogin: () => {},
  },
  guards: {
    credentialsValid: ({ event }) => event.type === 'credentials.submit' && v.is(LoginForm, event),
    otpValid: ({ event }) => event.type === 'otp.submit' && v.is(OtpForm, { username: 'x', otp: event.otp }),
    isBlocked: (_, reply: { msg?: unknown }) => reply.msg === LOGIN_BLOCKED,
    isThrottled: (_, reply: PasswordOutcome) => 'retry_after' in reply,
    isFirstLogin: (_, reply: PasswordOutcome) =>
      reply.status && 'first_time_login' in reply && reply.first_time_login && typeof reply.msg === 'object',
    isAccepted: (_, reply: { status: boolean }) => reply.status,
  },
  delays: {
    /** As long as the server asked in Retry-After. */
    retryAfter: ({ context }) => context.retryAfter * 1000,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    username: '',
    ticket: null,
    error: null,
    notice: input?.activated ? 'activated' : null,
    retryAfter: 0,
  }),
  initial: 'credentials',
  states: {
    credentials: {
      tags: ['editing'],
      on: {
        'credentials.submit': [
          {
            guard: 'credentialsValid',
            target: 'verifyingPassword',
            actions: assign({ username: ({ event }) => event.username.trim(), error: null, notice: null }),
          },
          {
            actions: assign({
              error: ({ event }) => firstIssue(v.safeParse(LoginForm, event).issues ?? []),
            }),
          },
        ],
      },
    },
    verifyingPassword: {
      tags: ['editing', 'busy'],
      invoke: {
        id: 'verifyPassword',
        src: 'verifyPassword',
        input: ({ event }) => {
          const { username, password } = event as Extract<LoginEvent, { type: 'credentials.submit' }>;
          return { username: username.trim(), password };
        },
        onDone: [
          {
            guard: { type: 'isThrottled', params: ({ event }) => event.output },
            target: 'throttled',
            actions: assign(({ event }) => {
              const retryAfter = 'retry_after' in event.output ? event.output.retry_after : 1;
              return { retryAfter, error: throttledMessage(retryAfter) };
            }),
          },
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output },
            target: 'credentials',
            actions: assign({ error: MESSAGES.blocked }),
          },
          {
            guard: { type: 'isFirstLogin', params: ({ event }) => event.output },
            target: 'activation',
            actions: assign({
              ticket: ({ event }) => (typeof event.output.msg === 'object' ? event.output.msg : null),
            }),
          },
          { guard: { type: 'isAccepted', params: ({ event }) => event.output }, target: 'otp' },
          { target: 'credentials', actions: assign({ error: MESSAGES.badCredentials }) },
        ],
        onError: { target: 'credentials', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    /** Too many attempts from this network: the form stays as typed, and opens again when the wait is over. */
    throttled: {
      tags: ['editing', 'throttled'],
      after: { retryAfter: { target: 'credentials', actions: assign({ error: null, retryAfter: 0 }) } },
    },
    otp: {
      tags: ['locked', 'otp'],
      on: {
        'otp.submit': [
          { guard: 'otpValid', target: 'verifyingOtp', actions: assign({ error: null }) },
          {
            actions: assign({
              error: ({ event }) => firstIssue(v.safeParse(OtpForm, { username: 'x', otp: event.otp }).issues ?? []),
            }),
          },
        ],
        'login.restart': { target: 'credentials', actions: assign({ username: '', ticket: null, error: null }) },
      },
    },
    verifyingOtp: {
      tags: ['locked', 'otp', 'busy'],
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context, event }) => ({ username: context.username, otp: (event as { otp: string }).otp.trim() }),
        onDone: [
          { guard: { type: 'isAccepted', params: ({ event }) => event.output }, target: 'signedIn' },
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output },
            target: 'credentials',
            actions: assign({ error: MESSAGES.blocked }),
          },
          { target: 'otp', actions: assign({ error: MESSAGES.badOtp }) },
        ],
        onError: { target: 'otp', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    activation: {
      tags: ['locked', 'otp', 'activation'],
      on: {
        'otp.submit': [
          { guard: 'otpValid', target: 'activating', actions: assign({ error: null }) },
          {
            actions: assign({
              error: ({ event }) => firstIssue(v.safeParse(OtpForm, { username: 'x', otp: event.otp }).issues ?? []),
            }),
          },
        ],
        'login.restart': { target: 'credentials', actions: assign({ username: '', ticket: null, error: null }) },
      },
    },
    activating: {
      tags: ['locked', 'otp', 'activation', 'busy'],
      invoke: {
        id: 'activateTfa',
        src: 'activateTfa',
        input: ({ context, event }) => ({
          username: context.username,
          otp: (event as { otp: string }).otp.trim(),
          hx: context.ticket?.hx ?? '',
          ck: context.ticket?.ck ?? '',
          qrcode: context.ticket?.qrcode,
        }),
        onDone: [
          { guard: { type: 'isAccepted', params: ({ event }) => event.output }, target: 'activated' },
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output },
            target: 'credentials',
            actions: assign({ ticket: null, error: MESSAGES.blocked }),
          },
          { target: 'activation', actions: assign({ error: MESSAGES.badOtp }) },
        ],
        onError: { target: 'activation', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    activated: { tags: ['locked', 'done'], entry: 'reloadToLogin' },
    signedIn: { tags: ['locked', 'done'], entry: 'announceSignIn' },
  },
});
