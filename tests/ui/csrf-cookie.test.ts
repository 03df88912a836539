// The page reads the CSRF cookie under the name the server gave it: `__Host-csrftoken` over HTTPS,
// `csrftoken` over plain HTTP. The test page is served over http and so refuses to store a __Host-
// cookie; the cookie string the browser would expose is given here instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCsrfToken } from '../../src/services/http';

const exposing = (cookies: string) => vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookies);
afterEach(() => vi.restoreAllMocks());

describe('the CSRF cookie the page reads', () => {
  it('takes the __Host- one over HTTPS, even beside a bare one (say, planted by a sibling subdomain)', () => {
    exposing('csrftoken=planted; __Host-csrftoken=abc.def%3D; theme=dark');
    expect(readCsrfToken()).toBe('abc.def=');
  });

  it('takes the bare one over plain HTTP, and none when there is none', () => {
    exposing('theme=dark; csrftoken=plain.token');
    expect(readCsrfToken()).toBe('plain.token');
    exposing('theme=dark');
    expect(readCsrfToken()).toBeNull();
  });
});
