// Words a person reads on the diagrams (the canvas arithmetic is viewport.test.ts).
import { describe, expect, it } from 'vitest';
import { delayWords } from '../../src/workflows/model';
import { stateWords } from '../../src/workflows/steps';
import { duration, eventWords, words } from '../../src/workflows/words';
import { sessionMachine } from '../../src/machines/session/session.machine';

describe('event words', () => {
  const idle = {
    delays: delayWords(sessionMachine, { idleMs: 900_000, recheckMs: 3_600_000, untilIdleLookMs: 780_000 }),
  };
  it.each([
    ['otp.submit', 'submit OTP'],
    ['credentials.submit', 'submit credentials'],
    ['logout.request', 'request logout'],
    ['user.activity', 'user activity'],
    ['session.signedIn', 'session signed in'],
    ['xstate.done.actor.verifyOtp', 'verify OTP succeeds'],
    ['xstate.error.actor.activateTfa', 'activate TFA fails'],
    ['xstate.after.idleLook.session.active.betweenBeats.watching', 'after 13 min idle look'],
    ['xstate.after.heartbeat.session.active.betweenBeats', 'after 30 s heartbeat'],
    ['xstate.after.recheck.session.active', 'after 1 h recheck'],
    ['xstate.after.2500.x.y', 'after 2.5 s'],
    ['xstate.done.state.door.open', 'open is done'],
    ['', 'immediately'],
  ])('%s → %s', (type, expected) => {
    expect(eventWords(type, idle)).toBe(expected);
  });

  it('prefers the phrases a registry entry gives', () => {
    expect(eventWords('otp.submit', { phrases: { 'otp.submit': 'enter OTP' } })).toBe('enter OTP');
  });

  it('spells identifiers, durations and states', () => {
    expect(['verifyingPassword', 'userCSVUpload', 'bulk_edit-upload', 'HTTPServer'].map(words)).toEqual([
      'verifying password',
      'user CSV upload',
      'bulk edit upload',
      'HTTP server',
    ]);
    expect([250, 1000, 1500, 90_000, 900_000, 5_400_000, 172_800_000].map(duration)).toEqual([
      '250 ms',
      '1 s',
      '1.5 s',
      '1 min 30 s',
      '15 min',
      '1 h 30 min',
      '2 d',
    ]);
    expect(stateWords('active.betweenBeats.watching')).toBe('active › between beats › watching');
    expect(stateWords('open.light.on+open.alarm.armed')).toBe('open › light › on + open › alarm › armed');
  });
});
