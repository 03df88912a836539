// Words a person reads on the diagrams, and the pan-and-zoom arithmetic of the canvas.
import { describe, expect, it } from 'vitest';
import { delayWords } from '../../src/workflows/model';
import { stateWords } from '../../src/workflows/steps';
import { duration, eventWords, words } from '../../src/workflows/words';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { centreOn, fitView, initialView, isVisible, LEGIBLE_SCALE, zoomAt } from '../../src/ui/workflows/viewport';

describe('event words', () => {
  const idle = { delays: delayWords(sessionMachine, { idleMs: 900_000, recheckMs: 3_600_000 }) };
  it.each([
    ['otp.submit', 'submit OTP'],
    ['credentials.submit', 'submit credentials'],
    ['logout.request', 'request logout'],
    ['user.activity', 'user activity'],
    ['session.signedIn', 'session signed in'],
    ['xstate.done.actor.verifyOtp', 'verify OTP succeeds'],
    ['xstate.error.actor.activateTfa', 'activate TFA fails'],
    ['xstate.after.idle.session.active.betweenBeats.watching', 'after 15 min idle'],
    ['xstate.after.heartbeat.session.active.betweenBeats', 'after 5 min heartbeat'],
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
    expect(['verifyingPassword', 'userCSVUpload', 'bulk_edit-upload', 'HTTPServer'].map(words)).toEqual(['verifying password', 'user CSV upload', 'bulk edit upload', 'HTTP server']);
    expect([250, 1000, 1500, 90_000, 900_000, 5_400_000, 172_800_000].map(duration)).toEqual(['250 ms', '1 s', '1.5 s', '1 min 30 s', '15 min', '1 h 30 min', '2 d']);
    expect(stateWords('active.betweenBeats.watching')).toBe('active › between beats › watching');
    expect(stateWords('open.light.on+open.alarm.armed')).toBe('open › light › on + open › alarm › armed');
  });
});

describe('canvas arithmetic', () => {
  const canvas = { width: 900, height: 560 };
  it('fits a small diagram whole, never above 100 %', () => {
    expect(fitView({ width: 300, height: 200 }, canvas)).toEqual({ scale: 1, x: 300, y: 180 });
    expect(initialView({ width: 1000, height: 600 }, canvas).scale).toBeCloseTo(852 / 1000, 5);
  });

  it('opens a large diagram at a legible scale on its top instead of shrinking it', () => {
    // Centred on where the machine starts, as far as the diagram's edges allow.
    expect(initialView({ width: 4000, height: 6000 }, canvas, { x: 2000 })).toEqual({ scale: LEGIBLE_SCALE, x: 450 - 1500, y: 24 });
    expect(initialView({ width: 4000, height: 6000 }, canvas, { x: 100 })).toEqual({ scale: LEGIBLE_SCALE, x: 24, y: 24 });
    expect(initialView({ width: 4000, height: 6000 }, canvas, { x: 3990 }).x).toBe(900 - 24 - 3000);
  });

  it('zooms about the pointer and keeps a state in view', () => {
    const view = zoomAt({ x: 10, y: 20, scale: 1 }, 2, { x: 110, y: 120 });
    expect(view).toEqual({ x: -90, y: -80, scale: 2 });
    expect((110 - view.x) / view.scale).toBe(100);
    const box = { x: 2000, y: 1000, width: 100, height: 40 };
    expect(isVisible(box, { x: 0, y: 0, scale: 1 }, canvas)).toBe(false);
    const centred = centreOn({ x: 0, y: 0, scale: 1 }, box, canvas);
    expect(isVisible(box, centred, canvas)).toBe(true);
    expect(centred).toEqual({ x: 450 - 2050, y: 280 - 1020, scale: 1 });
  });
});
