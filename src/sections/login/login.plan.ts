// The login machine's walk: person events with representative payloads and every answer the
// real server can give to each call.
import type { MachinePlan } from '../../workflows/plan';
import { loginMachine } from './login.machine';

const ticket = { hx: 'hx', ck: 'ck', qrcode: 'data:image/png;base64,', key: 'JBSWY3DPEHPK3PXP' };
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: { status: 0 } });

export const loginPlan: MachinePlan<typeof loginMachine> = {
  machine: loginMachine,
  events: [
    { type: 'credentials.submit', username: 'staff', password: 'correct horse' },
    { type: 'credentials.submit', username: '', password: '' },
    { type: 'otp.submit', otp: '123456' },
    { type: 'otp.submit', otp: '12' },
    { type: 'login.restart' },
  ],
  outcomes: [
    {
      name: 'passwordAccepted',
      event: {
        type: 'xstate.done.actor.verifyPassword',
        output: { status: true, msg: 'Enter OTP', first_time_login: false },
      },
    },
    {
      name: 'firstLogin',
      event: {
        type: 'xstate.done.actor.verifyPassword',
        output: { status: true, msg: ticket, first_time_login: true },
      },
    },
    {
      name: 'badCredentials',
      event: {
        type: 'xstate.done.actor.verifyPassword',
        output: { status: false, msg: 'Incorrect username/password', first_time_login: false },
      },
    },
    {
      name: 'blocked',
      event: {
        type: 'xstate.done.actor.verifyPassword',
        output: { status: false, msg: 'blocked', first_time_login: false },
      },
    },
    // HTTP 429: too many attempts from this network; the form waits Retry-After seconds.
    {
      name: 'throttled',
      event: {
        type: 'xstate.done.actor.verifyPassword',
        output: {
          status: false,
          msg: 'Too many sign-in attempts from this network. Try again in 60 seconds.',
          retry_after: 60,
        },
      },
    },
    { name: 'passwordCallFailed', event: failed('verifyPassword') },
    { name: 'otpAccepted', event: { type: 'xstate.done.actor.verifyOtp', output: { status: true } } },
    { name: 'badOtp', event: { type: 'xstate.done.actor.verifyOtp', output: { status: false, msg: 'Incorrect OTP' } } },
    { name: 'otpBlocked', event: { type: 'xstate.done.actor.verifyOtp', output: { status: false, msg: 'blocked' } } },
    { name: 'otpCallFailed', event: failed('verifyOtp') },
    { name: 'activationAccepted', event: { type: 'xstate.done.actor.activateTfa', output: { status: true } } },
    {
      name: 'badActivationCode',
      event: { type: 'xstate.done.actor.activateTfa', output: { status: false, msg: 'Incorrect OTP' } },
    },
    {
      name: 'activationBlocked',
      event: { type: 'xstate.done.actor.activateTfa', output: { status: false, msg: 'blocked' } },
    },
    { name: 'activationCallFailed', event: failed('activateTfa') },
  ],
  // The username matters to the person, not to the machine's shape: walk by state value and
  // whether an error or a ticket is on screen.
  serializeState: (s) => JSON.stringify([s.value, s.context.error !== null, s.context.ticket !== null]),
};
