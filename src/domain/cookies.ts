// The names of the panel's two cookies. Over HTTPS they carry the `__Host-` prefix: the browser
// then takes them only when Secure, with Path=/ and no Domain, so a neighbouring subdomain cannot
// plant or overwrite them. Plain HTTP (development) keeps the bare names, which browsers would
// refuse with the prefix.
import { CSRF_COOKIE, SESSION_COOKIE } from './constants';

export const HOST_PREFIX = '__Host-';

export const sessionCookieName = (secure: boolean): string => (secure ? HOST_PREFIX : '') + SESSION_COOKIE;
export const csrfCookieName = (secure: boolean): string => (secure ? HOST_PREFIX : '') + CSRF_COOKIE;
