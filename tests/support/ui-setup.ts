// jsdom setup for machine and view tests: jest-dom matchers, a clean page per test, and the few
// browser APIs Radix needs that jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { afterEach, vi } from 'vitest';
import './real-timers';

// The in-process server signs link tokens with jose, which checks `instanceof Uint8Array`
// against this environment's Uint8Array; the encoder here yields arrays of another realm.
const nodeEncoder = new NodeTextEncoder();
class SameRealmTextEncoder {
  readonly encoding = 'utf-8';
  encode(input = ''): Uint8Array {
    return new Uint8Array(nodeEncoder.encode(input));
  }
  encodeInto(input: string, dest: Uint8Array) {
    return nodeEncoder.encodeInto(input, dest);
  }
}
globalThis.TextEncoder = SameRealmTextEncoder as unknown as typeof TextEncoder;

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

// testing-library drains React's work with a setTimeout(0) and only advances fake timers when
// it sees Jest; vitest's fake clock otherwise never fires that timeout and user-event hangs.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

// findBy*/waitFor give up after 1 s by default: on a busy machine a sign-in against the in-process
// server takes longer, and the test failed by time, not by what the page showed.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear(); // form drafts: each test is a new tab
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
