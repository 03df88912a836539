// Page setup for machine and view tests (happy-dom): jest-dom matchers and a clean page per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import './real-timers';

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
